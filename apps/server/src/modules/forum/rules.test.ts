import type { PolicyView, PostPage } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type Client, startTestServer, type TestServer } from '../../../test/helpers';
import { problemBody, type RoleClients, roleClients, verdict } from '../../../test/problems';

const P = '/api/posts';
const MIN = 60_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
const AB_PY = 'a, b = map(int, input().split())\nprint(a + b)\n';

async function add(c: Client, body: object): Promise<number> {
  const res = await c.post<{ post_id: number }>(`${P}/add`, body);
  if (res.code !== 0) throw new Error(`add: ${res.message}`);
  return res.data.post_id;
}
const post = (problem_id: number, category: string, title = '题解') => ({
  title,
  content: '思路……',
  category,
  problem_id,
});
const problemList = (c: Client, problemId: number, status: number) =>
  c.post<PostPage>(`${P}/post/answer/problemId?problem_id=${problemId}&status=${status}&pageNum=1`);
const search = async (c: Client, body: object) => (await c.post<PostPage>(`${P}/search`, body)).data;

describe.each(backends())('forum visibility rules on $name', (backend) => {
  let ts: TestServer;
  let c: RoleClients;
  let solver: Client;
  beforeAll(async () => {
    ts = await startTestServer(backend, { rateLimits: { submit: { max: 1000, windowMs: 60_000 } } });
    c = await roleClients(ts, 'rules');
    solver = (await ts.register('rules_solver')).client;
  }, 60_000);
  afterAll(() => ts?.close());

  it('shows solutions only after an AC when the problem asks for it', async () => {
    const sol = await add(c.admin, post(1000, 'solution'));
    const qa = await add(c.admin, post(1000, 'answer', '问答'));
    expect((await c.user.post(`${P}/policy/set?problem_id=1000&policy=after_ac`)).status).toBe(403);
    expect((await c.anon.post(`${P}/policy/set?problem_id=1000&policy=after_ac`)).status).toBe(401);
    const set = await c.admin.post<PolicyView>(`${P}/policy/set?problem_id=1000&policy=after_ac`);
    expect(set.data).toEqual({ problem_id: 1000, policy: 'after_ac' });
    expect((await c.anon.post<PolicyView>(`${P}/policy/get?problem_id=1000`)).data.policy).toBe('after_ac');

    for (const who of [c.anon, solver]) {
      const refused = await problemList(who, 1000, 1);
      expect([refused.status, refused.message]).toEqual([403, '通过本题后才能查看题解']);
      expect((await who.post(`${P}/search/postsId?post_id=${sol}`)).status).toBe(403);
      expect((await search(who, { pageSize: 100 })).records.map((r) => r.post_id)).not.toContain(sol);
      // Q&A stays readable.
      expect((await problemList(who, 1000, 0)).data.records.map((r) => r.post_id)).toEqual([qa]);
    }
    expect((await problemList(c.admin, 1000, 1)).data.records.map((r) => r.post_id)).toEqual([sol]);

    const sub = await solver.post<{ submission_id: number }>('/api/problem/algorithm/judge/submit', {
      problem_id: 1000,
      language: 'Python3',
      source_code: AB_PY,
    });
    expect((await verdict(solver, sub.data.submission_id)).status).toBe('AC');
    expect((await problemList(solver, 1000, 1)).data.records.map((r) => r.post_id)).toEqual([sol]);
    expect((await solver.post(`${P}/search/postsId?post_id=${sol}`)).code).toBe(0);
    expect((await search(solver, { pageSize: 100 })).records.map((r) => r.post_id)).toContain(sol);
    expect((await problemList(c.anon, 1000, 1)).status).toBe(403);
    await c.admin.post(`${P}/policy/set?problem_id=1000&policy=all`);
    expect((await problemList(c.anon, 1000, 1)).code).toBe(0);
  }, 150_000);

  // Issue 22 item 1: a user's contest locks its problems' solutions for its own participants only;
  // an official (admin's) contest for everyone but admins (docs/competitions.md).
  const LOCKED = [403, '本题所在的比赛正在进行，题解和问答在比赛结束后可见'];
  const runningContest = (who: Client, route: string, problemId: number) =>
    who.post<{ competition_id: number }>(route, {
      name: '论坛规则赛',
      description: '',
      type: 1,
      start_time: iso(-MIN),
      end_time: iso(60 * MIN),
      problems: [{ problem_id: problemId }],
    });

  it("a user's running contest hides its problems' solutions and Q&A from its participants only", async () => {
    const sol = await add(c.admin, post(1003, 'solution'));
    const qa = await add(c.admin, post(1003, 'answer', '问答'));
    const { client: maker } = await ts.register('rules_maker');
    const created = await runningContest(maker, '/api/competition/user/add', 1003);
    expect(created.code).toBe(0);
    const id = created.data.competition_id;
    expect((await c.user.post(`/api/competition/join?competition_id=${id}`)).code).toBe(0);

    for (const status of [0, 1]) {
      const refused = await problemList(c.user, 1003, status);
      expect([refused.status, refused.message]).toEqual(LOCKED);
      // The maker of the contest and everyone else outside it read on.
      for (const who of [solver, maker, c.anon]) expect((await problemList(who, 1003, status)).code).toBe(0);
    }
    expect((await c.user.post(`${P}/search/postsId?post_id=${qa}`)).status).toBe(403);
    expect((await c.anon.post(`${P}/search/postsId?post_id=${qa}`)).code).toBe(0);
    const listed = (await search(c.user, { pageSize: 100 })).records.map((r) => r.post_id);
    expect(listed).not.toContain(sol);
    expect(listed).not.toContain(qa);
    expect((await search(solver, { pageSize: 100 })).records.map((r) => r.post_id)).toContain(sol);
    const comment = await c.user.post(`${P}/post/comment/add`, { post_id: sol, content: '看一眼' });
    expect(comment.status).toBe(403);
  });

  it("an official running contest hides its problems' solutions and Q&A from everyone but admins", async () => {
    const sol = await add(c.admin, post(1004, 'solution'));
    const qa = await add(c.admin, post(1004, 'answer', '问答'));
    const created = await runningContest(c.admin, '/api/competition/admin/algorithm/add', 1004);
    expect(created.code).toBe(0);
    for (const who of [solver, c.anon, c.user]) {
      for (const status of [0, 1]) {
        const refused = await problemList(who, 1004, status);
        expect([refused.status, refused.message]).toEqual(LOCKED);
      }
      expect((await who.post(`${P}/search/postsId?post_id=${sol}`)).status).toBe(403);
      const listed = (await search(who, { pageSize: 100 })).records.map((r) => r.post_id);
      expect(listed).not.toContain(sol);
      expect(listed).not.toContain(qa);
    }
    expect((await problemList(c.admin, 1004, 1)).data.records.map((r) => r.post_id)).toEqual([sol]);
  });

  it("hides a hidden problem's posts from those who cannot see the problem", async () => {
    const added = await c.admin.post<{ problem_id: number }>(
      '/api/problem/algorithm/admin/add',
      problemBody({ visible: false }),
    );
    const pid = added.data.problem_id;
    const refusedAdd = await c.user.post(`${P}/add`, post(pid, 'answer'));
    expect([refusedAdd.status, refusedAdd.message]).toEqual([400, `题目 ${pid} 不存在`]);
    const qa = await add(c.admin, post(pid, 'answer', '隐藏题的问答'));
    expect((await problemList(c.user, pid, 0)).status).toBe(404);
    expect((await c.anon.post(`${P}/search/postsId?post_id=${qa}`)).status).toBe(404);
    expect((await search(c.user, { pageSize: 100 })).records.map((r) => r.post_id)).not.toContain(qa);
    expect((await problemList(c.admin, pid, 0)).data.records.map((r) => r.post_id)).toEqual([qa]);
  });
});
