import type { SearchResult } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../test/helpers';

// The real forum feeds the search: a post written through the API is findable after the outbox
// pass, with its author, and leaves the results when deleted.
describe.each(backends())('search over the real forum ($name)', (backend) => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer(backend);
  }, 60_000);
  afterAll(() => ts?.close());

  const find = async (keyword: string) => {
    const res = await ts.client().post<SearchResult>('/api/search/all/vo', { keyword, category: 'post' });
    expect(res.code).toBe(0);
    return res.data;
  };

  it('indexes posts through the outbox and drops deleted ones', async () => {
    const { client } = await ts.register('poster');
    const added = await client.post<{ post_id: number }>('/api/posts/add', {
      title: '莫队算法入门',
      content: '分块 + 排序：莫队把区间询问离线处理。',
      category: 'discussion',
      tags: ['莫队'],
    });
    expect(added.code).toBe(0);
    await ts.server.ctx.outbox.drain();
    const res = await find('莫队');
    expect(res.records.map((r) => r.id)).toEqual([added.data.post_id]);
    expect(res.records[0].fields).toMatchObject({ author: { username: 'poster' } });
    expect((await find('tag:莫队')).total).toBe(1);
    const removed = await client.post(`/api/posts/delete?post_id=${added.data.post_id}`);
    expect(removed.code).toBe(0);
    await ts.server.ctx.outbox.drain();
    expect((await find('莫队')).total).toBe(0);
  });

  it('keeps a solution out of the search of those the after-AC policy keeps it from', async () => {
    const { client } = await ts.register('solver');
    const added = await client.post<{ post_id: number }>('/api/posts/add', {
      title: '斐波那契取模题解',
      content: '矩阵快速幂：把递推写成矩阵乘法。',
      category: 'solution',
      problem_id: 1001,
    });
    expect(added.code).toBe(0);
    await ts.server.ctx.outbox.drain();
    expect((await find('矩阵快速幂')).total).toBe(1);

    const admin = await ts.login(ts.admin.account, ts.admin.password);
    const set = await admin.post('/api/posts/policy/set?problem_id=1001&policy=after_ac');
    expect(set.code).toBe(0);
    // Anonymous and a user without the AC find neither the record nor a count; an admin does.
    expect(await find('矩阵快速幂')).toMatchObject({ total: 0, records: [] });
    const { client: other } = await ts.register('unsolved');
    const theirs = await other.post<SearchResult>('/api/search/all/vo', {
      keyword: '矩阵快速幂',
      category: 'post',
    });
    expect(theirs.data.total).toBe(0);
    const mine = await admin.post<SearchResult>('/api/search/all/vo', {
      keyword: '矩阵快速幂',
      category: 'post',
    });
    expect(mine.data.records.map((r) => r.id)).toEqual([added.data.post_id]);
  });
});
