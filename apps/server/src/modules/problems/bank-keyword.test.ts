import type { BankPage, Problem } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../test/helpers';

// Issue 29 items 5 and 7 on the real server: the bank's keyword matches what the top search matches
// for problems (title, pinyin of titles and tags, tag aliases such as `dp`), never the statement;
// the problem detail says whether there is a solution video.
describe.each(backends())('bank keyword and video flag ($name)', (backend) => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer(backend);
    await ts.server.ctx.outbox.drain();
  }, 60_000);
  afterAll(() => ts?.close());

  const bank = async (keyword: string) => {
    const res = await ts.client().post<BankPage>('/api/problem/algorithm/search', { keyword, pageSize: 50 });
    expect(res.code, res.message).toBe(0);
    return res.data.records.map((r) => r.chinese_name);
  };

  it('finds by pinyin of titles and tags and by tag aliases, not by the statement', async () => {
    expect(await bank('zdl')).toContain('单源最短路径');
    expect(await bank('bcj')).toEqual(['朋友圈']);
    expect(await bank('beibao')).toEqual(['01 背包']);
    const dp = await bank('dp');
    expect(dp).toEqual(expect.arrayContaining(['01 背包', '最长上升子序列']));
    expect(dp).not.toContain('A+B 问题');
    expect(await bank('bfs')).toContain('课程安排');
    // The id and the names' text as before; a number in statements does not match them all.
    expect(await bank('1000')).toEqual(['A+B 问题']);
    expect(await bank('Knapsack')).toEqual(['01 背包']);
    // The top search reads the same aliases.
    const all = await ts.client().post<{ records: { title: string }[] }>('/api/search/all/vo', {
      keyword: 'dp',
      category: 'problem',
    });
    expect(all.data.records.map((r) => r.title)).toEqual(
      expect.arrayContaining(['01 背包', '最长上升子序列']),
    );
  });

  it('says whether a problem has a solution video', async () => {
    const detail = async (id: number) =>
      (await ts.client().get<Problem>(`/api/problem/algorithm/search/problemId?problem_id=${id}`)).data;
    expect((await detail(1000)).has_video).toBe(false);
    const admin = await ts.login(ts.admin.account, ts.admin.password);
    const fd = new FormData();
    const bytes = new Uint8Array(1000);
    bytes.set([0, 0, 0, 0x20]);
    bytes.set(
      Array.from('ftypisom', (c) => c.charCodeAt(0)),
      4,
    );
    fd.append('file', new Blob([bytes], { type: 'video/mp4' }), 'v.mp4');
    const up = await admin.request('POST', '/api/video/admin/problem/upload?problem_id=1000', { body: fd });
    expect(up.code, up.message).toBe(0);
    expect((await detail(1000)).has_video).toBe(true);
    expect((await detail(1001)).has_video).toBe(false);
  });
});
