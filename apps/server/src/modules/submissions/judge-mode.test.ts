import type { Problem } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../test/helpers';
import { problemBody, type RoleClients, roleClients, submit, verdict } from '../../../test/problems';

const P = '/api/problem/algorithm';
// Prints a + b, except when a is 2 (test 2 fails).
const AB_C =
  '#include <stdio.h>\nint main(void){long long a,b;scanf("%lld %lld",&a,&b);printf("%lld\\n",a==2?0:a+b);return 0;}\n';

describe.each(backends())('per-problem judge mode (issue 17) on $name', (backend) => {
  let ts: TestServer;
  let c: RoleClients;
  beforeAll(async () => {
    ts = await startTestServer(backend, { rateLimits: { submit: { max: 1000, windowMs: 60_000 } } });
    c = await roleClients(ts, 'jm');
  }, 60_000);
  afterAll(() => ts?.close());

  async function problemWithTests(stop: boolean | undefined): Promise<number> {
    const body = stop === undefined ? problemBody() : problemBody({ stop_at_first_failure: stop });
    const added = await c.admin.post<{ problem_id: number }>(`${P}/admin/add`, body);
    expect(added.code).toBe(0);
    const id = added.data.problem_id;
    const tests = [1, 2, 3, 4].map((a) => ({ input: `${a} 1\n`, output: `${a + 1}\n` }));
    expect((await c.admin.post(`${P}/admin/testCase/add?problem_id=${id}`, tests)).code).toBe(0);
    return id;
  }

  it('stops at the first failed test by default, runs every test when the problem says so', async () => {
    const stopping = await problemWithTests(undefined);
    const all = await problemWithTests(false);
    const read = async (id: number) =>
      (await c.user.get<Problem>(`${P}/search/problemId?problem_id=${id}`)).data;
    expect((await read(stopping)).stop_at_first_failure).toBe(true);
    expect((await read(all)).stop_at_first_failure).toBe(false);

    const first = await verdict(c.user, await submit(c.user, stopping, 'C', AB_C));
    expect(first.status).toBe('WA');
    expect(first.test_results?.map((t) => t.status)).toEqual(['AC', 'WA']);
    const every = await verdict(c.user, await submit(c.user, all, 'C', AB_C));
    expect(every.status).toBe('WA');
    expect(every.test_results?.map((t) => t.status)).toEqual(['AC', 'WA', 'AC', 'AC']);

    // The switch is edited like any field, by admins only, and validated with a named field.
    const modify = { ...problemBody(), problem_id: all, stop_at_first_failure: true };
    expect((await c.user.post(`${P}/admin/modify`, modify)).status).toBe(403);
    expect((await c.anon.post(`${P}/admin/modify`, modify)).status).toBe(401);
    expect((await c.admin.post(`${P}/admin/modify`, modify)).code).toBe(0);
    expect((await read(all)).stop_at_first_failure).toBe(true);
    const bad = await c.admin.post(`${P}/admin/modify`, { ...modify, stop_at_first_failure: 'yes' });
    expect([bad.status, bad.message]).toEqual([
      400,
      expect.stringMatching(/^遇到未通过的测试点即停止必须是布尔值/),
    ]);
  }, 120_000);
});
