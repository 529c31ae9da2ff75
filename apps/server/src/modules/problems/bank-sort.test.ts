import type { BankPage } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type Client, startTestServer, type TestServer } from '../../../test/helpers';
import { problemBody } from '../../../test/problems';

// Issue 29 item 10: the bank is ordered by 题号 (default), 题目名称 or 创建时间, either way; the
// management list asks for the newest first. An unknown order is refused in words.
describe.each(backends())('bank order ($name)', (backend) => {
  let ts: TestServer;
  let admin: Client;
  let newest = 0;
  beforeAll(async () => {
    ts = await startTestServer(backend);
    admin = await ts.login(ts.admin.account, ts.admin.password);
    for (const name of ['排序乙', '排序甲']) {
      const res = await admin.post<{ problem_id: number }>(
        '/api/problem/algorithm/admin/add',
        problemBody({ chinese_name: name }),
      );
      expect(res.code, res.message).toBe(0);
      newest = res.data.problem_id;
      await new Promise((r) => setTimeout(r, 5)); // distinct creation times
    }
  }, 60_000);
  afterAll(() => ts?.close());

  const ids = async (body: Record<string, unknown>) => {
    const res = await admin.post<BankPage>('/api/problem/algorithm/search', { pageSize: 100, ...body });
    expect(res.code, res.message).toBe(0);
    return res.data.records;
  };

  it('orders by id ascending unless told otherwise', async () => {
    const rows = await ids({});
    expect(rows.map((r) => r.problem_id)).toEqual([...rows.map((r) => r.problem_id)].sort((a, b) => a - b));
    expect((await ids({ sort: 'id', order: 'desc' }))[0].problem_id).toBe(newest);
  });

  it('puts the newest first by creation time, and orders by title', async () => {
    const byTime = await ids({ sort: 'time', order: 'desc' });
    expect(byTime[0].problem_id).toBe(newest);
    expect(byTime[0].create_time).toMatch(/^\d{4}-\d\d-\d\dT/);
    const byTitle = (await ids({ sort: 'title', order: 'asc', keyword: '排序' })).map((r) => r.chinese_name);
    expect(byTitle).toEqual([...byTitle].sort());
    expect(byTitle).toHaveLength(2);
    const reversed = (await ids({ sort: 'title', order: 'desc', keyword: '排序' })).map(
      (r) => r.chinese_name,
    );
    expect(reversed).toEqual([...byTitle].reverse());
  });

  it('refuses an unknown order in words', async () => {
    const res = await admin.post('/api/problem/algorithm/search', { sort: 'submit_num' });
    expect(res.code).not.toBe(0);
    expect(res.message).toMatch(/排序字段只能是题号、题目名称或创建时间/);
    const dir = await admin.post('/api/problem/algorithm/search', { sort: 'id', order: 'up' });
    expect(dir.message).toMatch(/排序方向/);
  });
});
