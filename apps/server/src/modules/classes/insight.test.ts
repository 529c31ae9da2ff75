import type { ClassSummary, HomeworkInsight, StudentInsight } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type Client, startTestServer, type TestServer, ok } from '../../../test/helpers';
import { problemBody, submit, uploadZip, verdict, zipOf } from '../../../test/problems';

const C = '/api/class';
const H = `${C}/homework`;
const SUM = 'a, b = map(int, input().split())\nprint(a + b)\n';
/** Passes test 1 (1 2 → 3), fails test 2. */
const THREE = 'print(3)\n';
/** Fails test 1. */
const WRONG = 'print(0)\n';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

describe.each(backends())('class insight on $name', (backend) => {
  let ts: TestServer;
  let boss: Client;
  type U = { client: Client; uuid: number };
  let teacher: U, ta: U, s1: U, s2: U, s3: U, outsider: U;
  let classId: number;
  let code: string;
  let problems: number[];
  let hw: number;

  const run = async (u: U, problem: number, source: string, expected: string) =>
    expect((await verdict(u.client, await submit(u.client, problem, 'Python3', source))).status).toBe(
      expected,
    );
  const studentInsight = (u: U, uuid: number) =>
    u.client.get<StudentInsight>(`${C}/student-insight?class_id=${classId}&uuid=${uuid}`);

  beforeAll(async () => {
    ts = await startTestServer(backend, {
      logLevel: 'error',
      rateLimits: { submit: { max: 1000, windowMs: 60_000 } },
    });
    boss = await ts.login(ts.admin.account, ts.admin.password);
    teacher = await ts.register('in_teacher');
    ta = await ts.register('in_ta');
    s1 = await ts.register('in_s1');
    s2 = await ts.register('in_s2');
    s3 = await ts.register('in_s3');
    outsider = await ts.register('in_out');
    await ok(boss.post('/api/user/admin/teacher', { uuid: teacher.uuid, teacher: true }));
    classId = (
      await ok(
        teacher.client.post<{ class_id: number }>(`${C}/create`, { name: '学情班', join_mode: 'code' }),
      )
    ).class_id;
    code = (await ok(teacher.client.get<ClassSummary>(`${C}/detail?class_id=${classId}`))).invite_code!;
    for (const u of [ta, s1, s2, s3]) await ok(u.client.post(`${C}/join`, { code }));
    await ok(teacher.client.post(`${C}/member/role`, { class_id: classId, user_id: ta.uuid, role: 'ta' }));
    const zip = await zipOf([
      ['1.in', '1 2\n'],
      ['1.out', '3\n'],
      ['2.in', '5 5\n'],
      ['2.out', '10\n'],
      ['3.in', '2 2\n'],
      ['3.out', '4\n'],
    ]);
    problems = [];
    const kinds: [string, number, number[]][] = [
      ['学情甲', 0, [101]],
      ['学情乙', 1, [102]],
      ['学情丙', 2, [101, 102]],
    ];
    for (const [name, difficulty, tags_list] of kinds) {
      const id = (
        await ok(
          boss.post<{ problem_id: number }>(
            '/api/problem/algorithm/admin/add',
            problemBody({ chinese_name: name, difficulty, tags_list }),
          ),
        )
      ).problem_id;
      await ok(uploadZip(boss, id, zip));
      problems.push(id);
    }
    hw = (
      await ok(
        teacher.client.post<{ homework_id: number }>(`${H}/create`, {
          title: '学情作业',
          start_time: iso(-HOUR),
          deadline: iso(2 * DAY),
          class_ids: [classId],
          problem_ids: problems,
        }),
      )
    ).homework_id;
    const [p1, p2] = problems;
    // p1: s1 solves after 2 failed tries (test 1, then test 2), s2 after 1 (test 2); s3 never starts.
    await run(s1, p1, WRONG, 'WA');
    await run(s1, p1, THREE, 'WA');
    await run(s1, p1, SUM, 'AC');
    await run(s2, p1, THREE, 'WA');
    await run(s2, p1, SUM, 'AC');
    // p2: both fail test 2; p3: nobody.
    await run(s1, p2, THREE, 'WA');
    await run(s2, p2, THREE, 'WA');
  }, 300_000);
  afterAll(() => ts?.close());

  it('tells per problem the verdicts, tries before AC, the test failed first and who has not started', async () => {
    const [p1, p2, p3] = problems;
    const insight = await ok(ta.client.get<HomeworkInsight>(`${H}/insight?homework_id=${hw}`));
    expect(insight.students).toBe(3);
    expect(insight.problems.map((p) => p.problem_id)).toEqual([p1, p2, p3]);
    const [a, b, c] = insight.problems;
    expect(a).toMatchObject({
      chinese_name: '学情甲',
      tries: 5,
      verdicts: [
        { status: 'WA', tries: 3 },
        { status: 'AC', tries: 2 },
      ],
      accepted: 2,
      attempted: 2,
      not_started: [{ user_id: s3.uuid, username: 'in_s3' }],
      before_accepted_mean: 1.5,
      before_accepted_median: 1.5,
      top_failed: { test: 2, tries: 2, status: 'WA', status_tries: 2 },
    });
    expect(b).toMatchObject({
      tries: 2,
      verdicts: [{ status: 'WA', tries: 2 }],
      accepted: 0,
      attempted: 2,
      before_accepted_mean: null,
      before_accepted_median: null,
      top_failed: { test: 2, tries: 2, status: 'WA', status_tries: 2 },
    });
    expect(b.not_started.map((s) => s.user_id)).toEqual([s3.uuid]);
    expect(c).toMatchObject({ tries: 0, verdicts: [], accepted: 0, attempted: 0, top_failed: null });
    expect(c.not_started.map((s) => s.user_id).sort()).toEqual([s1.uuid, s2.uuid, s3.uuid].sort());
    // POST answers the same.
    const posted = await ok(teacher.client.post<HomeworkInsight>(`${H}/insight?homework_id=${hw}`));
    expect(posted).toEqual(insight);
  });

  it("tells a student's solved problems by difficulty and tag, and tries per day", async () => {
    const mine = await ok(studentInsight(s1, s1.uuid));
    expect(mine.username).toBe('in_s1');
    expect(mine.class_name).toBe('学情班');
    expect(mine.homework).toMatchObject({ solved: 1, total: 3 });
    expect(mine.homework.by_difficulty).toEqual([
      { difficulty: 0, solved: 1, total: 1 },
      { difficulty: 1, solved: 0, total: 1 },
      { difficulty: 2, solved: 0, total: 1 },
    ]);
    expect(mine.homework.by_tag).toEqual([
      { tag_id: 101, tag_name: '模拟', solved: 1, total: 2 },
      { tag_id: 102, tag_name: '枚举', solved: 0, total: 2 },
    ]);
    expect(mine.bank.solved).toBe(1);
    expect(mine.bank.by_difficulty.find((r) => r.difficulty === 0)?.solved).toBe(1);
    expect(mine.bank.by_tag.find((r) => r.tag_id === 101)?.solved).toBe(1);
    expect(mine.daily).toHaveLength(1);
    expect(mine.daily[0]).toMatchObject({ date: mine.to, submitted: 4, accepted: 1 });
    expect(mine.from < mine.to).toBe(true);
    // The teacher and the TA read it too, by GET and POST.
    expect(await ok(studentInsight(teacher, s1.uuid))).toEqual(mine);
    expect(
      await ok(ta.client.post<StudentInsight>(`${C}/student-insight?class_id=${classId}&uuid=${s1.uuid}`)),
    ).toEqual(mine);
    const other = await ok(studentInsight(teacher, s3.uuid));
    expect(other).toMatchObject({ daily: [], homework: { solved: 0, total: 3 } });
  });

  it('refuses students, classmates, outsiders and removed members', async () => {
    // The homework insight: managers only (a student 403, an outsider told it does not exist).
    expect((await s1.client.get(`${H}/insight?homework_id=${hw}`)).status).toBe(403);
    expect((await outsider.client.get(`${H}/insight?homework_id=${hw}`)).status).toBe(404);
    expect((await ts.client().get(`${H}/insight?homework_id=${hw}`)).status).toBe(401);
    const bad = await teacher.client.get(`${H}/insight?homework_id=abc`);
    expect(bad.status).toBe(400);
    expect(bad.message).toContain('作业编号');
    // The student insight: a classmate's is refused, an outsider's and a non-member's too.
    expect((await studentInsight(s1, s2.uuid)).status).toBe(403);
    expect((await studentInsight(outsider, s1.uuid)).status).toBe(403);
    expect((await studentInsight(outsider, outsider.uuid)).status).toBe(403);
    expect((await studentInsight(teacher, outsider.uuid)).status).toBe(404);
    expect((await ts.client().get(`${C}/student-insight?class_id=${classId}&uuid=${s1.uuid}`)).status).toBe(
      401,
    );
    const missing = await teacher.client.get(`${C}/student-insight?class_id=${classId}`);
    expect(missing.status).toBe(400);
    expect(missing.message).toContain('学生编号');
    // A removed member loses access at once, to their own too.
    expect((await studentInsight(s3, s3.uuid)).status).toBe(200);
    await ok(teacher.client.post(`${C}/member/remove`, { class_id: classId, user_id: s3.uuid }));
    expect((await studentInsight(s3, s3.uuid)).status).toBe(403);
    expect((await s3.client.get(`${H}/insight?homework_id=${hw}`)).status).toBe(404);
    expect((await studentInsight(teacher, s3.uuid)).status).toBe(404);
    await ok(s3.client.post(`${C}/join`, { code }));
  });

  it('the insight costs the same number of statements for 2 and for 6 students', async () => {
    const counted = async () => {
      const before = ts.server.queryCount();
      await ok(teacher.client.get<HomeworkInsight>(`${H}/insight?homework_id=${hw}`));
      return ts.server.queryCount() - before;
    };
    await ok(teacher.client.post(`${C}/member/remove`, { class_id: classId, user_id: s3.uuid }));
    expect((await ok(teacher.client.get<HomeworkInsight>(`${H}/insight?homework_id=${hw}`))).students).toBe(
      2,
    );
    const two = await counted();
    for (const name of ['in_x1', 'in_x2', 'in_x3', 'in_x4']) {
      const u = await ts.register(name);
      await ok(u.client.post(`${C}/join`, { code }));
      await run(u, problems[1], THREE, 'WA');
    }
    const six = await ok(teacher.client.get<HomeworkInsight>(`${H}/insight?homework_id=${hw}`));
    expect(six.students).toBe(6);
    expect(six.problems[1].top_failed).toMatchObject({ test: 2, tries: 6 });
    expect(await counted()).toBe(two);
    expect(two).toBeLessThanOrEqual(12);
  });
});
