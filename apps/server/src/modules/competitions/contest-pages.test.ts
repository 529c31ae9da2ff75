import type {
  CompetitionAddRequestRaw,
  CompetitionEdit,
  ContestProblem,
  ContestProblemItem,
} from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../test/helpers';
import { type RoleClients, roleClients, verdict } from '../../../test/problems';

// Issue 16: a contest problem shows its letter, the display title its author chose and the
// contest's own figures (solved / tried); math and 408 contests keep to their own subject.

const C = '/api/competition';
const P = '/api/problem/algorithm';
const MIN = 60_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

const contest = (over: Partial<CompetitionAddRequestRaw> = {}): CompetitionAddRequestRaw => ({
  name: '页面赛',
  description: '',
  type: 1,
  start_time: iso(-10 * MIN),
  end_time: iso(60 * MIN),
  problems: [{ problem_id: 1000, title: '热身：两数相加' }, { problem_id: 1001 }],
  ...over,
});

describe.each(backends())('contest pages on $name', (backend) => {
  let ts: TestServer;
  let c: RoleClients;
  beforeAll(async () => {
    ts = await startTestServer(backend, { rateLimits: { submit: { max: 1000, windowMs: 60_000 } } });
    c = await roleClients(ts, 'cpg');
  }, 60_000);
  afterAll(() => ts?.close());

  it('keeps the letter, shows the display title and counts solved and tried in the contest', async () => {
    const created = await c.user.post<{ competition_id: number }>(`${C}/user/add`, contest());
    expect(created.code).toBe(0);
    const id = created.data.competition_id;
    expect((await c.user.post(`${C}/join?competition_id=${id}`)).code).toBe(0);
    const bankName = (await c.anon.get<{ chinese_name: string }>(`${P}/search/problemId?problem_id=1001`)).data
      .chinese_name;

    const sub = await c.user.post<{ submission_id: number }>(`${P}/judge/submit`, {
      problem_id: 1000,
      language: 'Python3',
      source_code: 'print(0)\n',
      competition_id: id,
      index: 0,
    });
    expect((await verdict(c.user, sub.data.submission_id)).status).toBe('WA');

    const items = async () =>
      (await c.user.post<ContestProblemItem[]>(`${C}/search/problems?competition_id=${id}`)).data.map((p) => [
        p.display_name,
        p.name,
        p.solved_count,
        p.tried_count,
      ]);
    await expect.poll(items).toEqual([
      ['A', '热身：两数相加', 0, 1],
      ['B', bankName, 0, 0],
    ]);
    const one = (await c.user.post<ContestProblem>(`${C}/search/problem?competition_id=${id}&index=0`)).data;
    expect([one.display_name, one.title, one.problem?.problem_id]).toEqual(['A', '热身：两数相加', 1000]);
    const two = (await c.user.post<ContestProblem>(`${C}/search/problem?competition_id=${id}&index=1`)).data;
    expect(two.title).toBe(bankName);
    // The editor gets the title back ('' = the problem's own).
    const edit = (await c.user.get<CompetitionEdit>(`${C}/get?competition_id=${id}`)).data;
    expect(edit.problems.map((p) => [p.display_name, p.title])).toEqual([
      ['A', '热身：两数相加'],
      ['B', ''],
    ]);
  }, 120_000);

  it('keeps a 408 contest to 408 questions and a math contest to math ones', async () => {
    // Seed: 1 is calculus (math), 7 a data-structure question (408).
    const add = (type: 2 | 3, problem_id: number) =>
      c.user.post<{ competition_id: number }>(`${C}/user/add`, contest({ type, problems: [{ problem_id }] }));
    const calculusIn408 = await add(3, 1);
    expect([calculusIn408.status, calculusIn408.message]).toEqual([
      400,
      '题目列表中有不属于408的题目：1（408比赛只能选择408题目）',
    ]);
    const dsInMath = await add(2, 7);
    expect([dsInMath.status, dsInMath.message]).toEqual([
      400,
      '题目列表中有不属于数学的题目：7（数学比赛只能选择数学题目）',
    ]);
    expect((await add(3, 7)).code).toBe(0);
    expect((await add(2, 1)).code).toBe(0);
    // Editing is checked the same way.
    const later = { type: 2 as const, start_time: iso(30 * MIN), end_time: iso(90 * MIN) };
    const upcoming = await c.user.post<{ competition_id: number }>(
      `${C}/user/add`,
      contest({ ...later, problems: [{ problem_id: 1 }] }),
    );
    const modify = await c.user.post(
      `${C}/admin/modify?competition_id=${upcoming.data.competition_id}`,
      contest({ ...later, problems: [{ problem_id: 1 }, { problem_id: 13 }] }),
    );
    expect(modify.message).toBe('题目列表中有不属于数学的题目：13（数学比赛只能选择数学题目）');

    // The picker's search by subject: the seed's math questions are 1–6, the 408 ones 7–15.
    const ids = async (subject: string) =>
      (
        await c.user.post<{ records: { question_id: number }[] }>('/api/problem/math408/search', {
          subject,
          pageSize: 50,
        })
      ).data.records.map((r) => r.question_id);
    expect(await ids('math')).toEqual([1, 2, 3, 4, 5, 6]);
    expect(await ids('408')).toEqual([7, 8, 9, 10, 11, 12, 13, 14, 15]);
    const bad = await c.user.post('/api/problem/math408/search', { subject: 'physics' });
    expect([bad.status, bad.message]).toEqual([400, '科目必须是 math 或 408']);
  });
});
