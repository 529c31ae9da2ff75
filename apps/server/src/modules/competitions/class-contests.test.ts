import type {
  ClassContestList,
  ClassSummary,
  CompetitionAddRequestRaw,
  CompetitionDetail,
  CompetitionInfoPage,
  ContestRun,
  RankPage,
} from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type Client, startTestServer, type TestServer, ok } from '../../../test/helpers';
import { endContestNow } from '../../../test/contests';

/**
 * Issue 27 part 3 on both databases: class contests (班级比赛, docs/classes.md). Who may restrict a
 * contest to a class, who may register (members only; outsiders and removed members refused), what
 * outsiders can never read (problems, submit, board, its stream, the export, the Contest API, the
 * teams, clarifications), practice after the end, and the team rule.
 */

const C = '/api/competition';
const K = '/api/class';
const MIN = 60_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
const SUM = 'a, b = map(int, input().split())\nprint(a + b)\n';

describe.each(backends())('class contests on $name', (backend) => {
  let ts: TestServer;
  let boss: Client;
  type U = { client: Client; uuid: number };
  let teacher: U, ta: U, s1: U, s2: U, s3: U, outsider: U, stranger: U;
  let classId: number;
  let otherClass: number;

  const body = (over: Partial<CompetitionAddRequestRaw> = {}): CompetitionAddRequestRaw => ({
    name: '班级周赛',
    description: '仅限本班',
    type: 1,
    start_time: iso(-5 * MIN),
    end_time: iso(60 * MIN),
    problems: [{ problem_id: 1000 }],
    class_ids: [classId],
    ...over,
  });
  const createBy = async (c: Client, over: Partial<CompetitionAddRequestRaw> = {}) =>
    (await ok(c.post<{ competition_id: number }>(`${C}/user/add`, body(over)))).competition_id;
  const submit = (c: Client, id: number) =>
    c.post('/api/problem/algorithm/judge/submit', {
      problem_id: 1000,
      language: 'Python3',
      source_code: SUM,
      competition_id: id,
      index: 0,
    });
  const REFUSAL = '本场比赛仅限班级“竞赛一班”的成员参加';

  beforeAll(async () => {
    ts = await startTestServer(backend, { rateLimits: { submit: { max: 1000, windowMs: 60_000 } } });
    boss = await ts.login(ts.admin.account, ts.admin.password);
    teacher = await ts.register('cc_teacher');
    ta = await ts.register('cc_ta');
    s1 = await ts.register('cc_s1');
    s2 = await ts.register('cc_s2');
    s3 = await ts.register('cc_s3');
    outsider = await ts.register('cc_out');
    stranger = await ts.register('cc_stranger');
    for (const u of [teacher, stranger])
      await ok(boss.post('/api/user/admin/teacher', { uuid: u.uuid, teacher: true }));
    classId = (
      await ok(
        teacher.client.post<{ class_id: number }>(`${K}/create`, { name: '竞赛一班', join_mode: 'code' }),
      )
    ).class_id;
    const code = (await ok(teacher.client.get<ClassSummary>(`${K}/detail?class_id=${classId}`))).invite_code!;
    for (const u of [ta, s1, s2, s3]) await ok(u.client.post(`${K}/join`, { code }));
    await ok(teacher.client.post(`${K}/member/role`, { class_id: classId, user_id: ta.uuid, role: 'ta' }));
    otherClass = (
      await ok(
        stranger.client.post<{ class_id: number }>(`${K}/create`, { name: '别的班', join_mode: 'code' }),
      )
    ).class_id;
  }, 120_000);
  afterAll(() => ts?.close());

  it('is created by the class teacher or a TA, never naming a class one does not manage', async () => {
    const byTeacher = await createBy(teacher.client);
    const detail = await ok(
      teacher.client.get<CompetitionDetail>(`${C}/search/competitionId?competition_id=${byTeacher}`),
    );
    expect(detail.class_contest).toBe(true);
    expect(detail.classes).toEqual([{ class_id: classId, name: '竞赛一班' }]);
    const byTa = await createBy(ta.client, { name: '助教的比赛', start_time: iso(5 * MIN) });
    expect(byTa).toBeGreaterThan(0);
    // A student, an outsider, and a teacher of another class: refused, the field named in words.
    for (const u of [s1, outsider, stranger]) {
      const res = await u.client.post(`${C}/user/add`, body());
      expect(res.status).toBe(403);
      expect(res.message).toContain('限定班级');
    }
    const unknown = await teacher.client.post(`${C}/user/add`, body({ class_ids: [999_999] }));
    expect(unknown.status).toBe(400);
    expect(unknown.message).toContain('限定班级');
    const badType = await teacher.client.post(
      `${C}/user/add`,
      body({ class_ids: ['x' as unknown as number] }),
    );
    expect(badType.status).toBe(400);
    expect(badType.message).toContain('限定班级');
    // An administrator names any class; modify may move a contest to a class the author manages only.
    expect(await createBy(boss, { class_ids: [otherClass] })).toBeGreaterThan(0);
    const later = { name: '助教的比赛', start_time: iso(5 * MIN) };
    const movedByTa = await ta.client.post(
      `${C}/admin/modify?competition_id=${byTa}`,
      body({ ...later, class_ids: [otherClass] }),
    );
    expect(movedByTa.status).toBe(403);
    expect(movedByTa.message).toContain('别的班');
    // [] makes it an ordinary contest again; absent keeps the classes.
    await ok(ta.client.post(`${C}/admin/modify?competition_id=${byTa}`, body({ ...later, class_ids: [] })));
    const open = await ok(
      ta.client.get<CompetitionDetail>(`${C}/search/competitionId?competition_id=${byTa}`),
    );
    expect(open.class_contest).toBe(false);
  });

  it('admits members only: outsiders and removed members are refused, registered ones keep their result', async () => {
    const id = await createBy(teacher.client, { start_time: iso(-MIN) });
    await ok(s1.client.post(`${C}/join?competition_id=${id}`));
    await ok(s3.client.post(`${C}/join?competition_id=${id}`));
    const refused = await outsider.client.post(`${C}/join?competition_id=${id}`);
    expect(refused.status).toBe(403);
    expect(refused.message).toBe(REFUSAL);
    // Removed from the class: s2 (not registered) can no longer register; s3 (registered) stays.
    await ok(teacher.client.post(`${K}/member/remove`, { class_id: classId, user_id: s2.uuid }));
    await ok(teacher.client.post(`${K}/member/remove`, { class_id: classId, user_id: s3.uuid }));
    expect((await s2.client.post(`${C}/join?competition_id=${id}`)).message).toBe(REFUSAL);
    expect((await submit(s1.client, id)).code).toBe(0);
    expect((await submit(s3.client, id)).code).toBe(0);
    const board = await ok(s3.client.get<RankPage>(`${C}/search/rank/pageNum?competition_id=${id}`));
    expect(board.records.map((r) => r.uuid).sort()).toEqual([s1.uuid, s3.uuid].sort());
    // The author is exempt as for any contest; s2 rejoins for later tests.
    await ok(teacher.client.post(`${C}/join?competition_id=${id}`));
    const code = (await ok(teacher.client.get<ClassSummary>(`${K}/detail?class_id=${classId}`))).invite_code!;
    await ok(s2.client.post(`${K}/join`, { code }));
  });

  it('shows outsiders nothing but its name: problems, submit, board, stream, export, API, teams', async () => {
    const id = await createBy(teacher.client, { name: '保密班赛' });
    await ok(s1.client.post(`${C}/join?competition_id=${id}`));
    // Listed for everyone with the tag; the detail shows the classes to members only.
    const list = await ok(outsider.client.get<CompetitionInfoPage>(`${C}/search/page?pageNum=1`));
    expect(list.records.find((r) => r.competition_id === id)?.class_contest).toBe(true);
    const seen = await ok(
      outsider.client.get<CompetitionDetail>(`${C}/search/competitionId?competition_id=${id}`),
    );
    expect(seen.name).toBe('保密班赛');
    expect(seen.classes).toEqual([]);
    expect(seen.description).toBe('');
    const member = await ok(
      s2.client.get<CompetitionDetail>(`${C}/search/competitionId?competition_id=${id}`),
    );
    expect(member.classes?.[0].name).toBe('竞赛一班');

    const refusedAll = async (u: Client) => {
      for (const res of [
        await u.post(`${C}/search/problems?competition_id=${id}`),
        await u.post(`${C}/search/problem?competition_id=${id}&index=0`),
        await submit(u, id),
        await u.get(`${C}/search/rank/pageNum?competition_id=${id}`),
        await u.get(`${C}/search/rank/stream?competition_id=${id}`),
        await u.get(`/api/ccs/contests/${id}/scoreboard`),
        await u.get(`/api/ccs/contests/${id}/problems`),
        await u.post(`/api/clarifications/list?competition_id=${id}`),
      ])
        expect(res.status, res.message).toBe(403);
    };
    await refusedAll(outsider.client);
    // The Excel export is for administrators only.
    expect((await outsider.client.get(`${C}/get/rank/excel?competition_id=${id}`)).status).toBe(403);
    expect((await teacher.client.get(`${C}/get/rank/excel?competition_id=${id}`)).status).toBe(403);
    const excel = await fetch(`${ts.url}${C}/get/rank/excel?competition_id=${id}`, {
      headers: { cookie: [...boss.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(excel.status).toBe(200);
    // Participants read and submit; members see the board but read problems only once registered.
    expect((await s1.client.post(`${C}/search/problems?competition_id=${id}`)).code).toBe(0);
    expect((await s1.client.get(`/api/ccs/contests/${id}/problems`)).status).toBe(200);
    expect((await s2.client.get(`${C}/search/rank/pageNum?competition_id=${id}`)).code).toBe(0);
    expect((await s2.client.post(`/api/clarifications/list?competition_id=${id}`)).code).toBe(0);
    expect((await s2.client.post(`${C}/search/problems?competition_id=${id}`)).status).toBe(403);
    expect((await teacher.client.post(`${C}/search/problems?competition_id=${id}`)).code).toBe(0);

    // After the end: members practise and run virtually; outsiders are still refused everything.
    await endContestNow(boss, id, body({ name: '保密班赛' }));
    await refusedAll(outsider.client);
    expect((await outsider.client.post(`${C}/virtual/start?competition_id=${id}`)).status).toBe(403);
    expect((await outsider.client.post(`${C}/join?competition_id=${id}`)).status).toBe(400);
    expect((await s2.client.post(`${C}/search/problems?competition_id=${id}`)).code).toBe(0);
    const run = await ok(s2.client.get<ContestRun>(`${C}/run/mine?competition_id=${id}`));
    expect(run.may_start_virtual).toBe(true);
    expect((await submit(s2.client, id)).code).toBe(0);
  });

  it('lists a class contest on the class page for its members only', async () => {
    const list = await ok(s1.client.get<ClassContestList>(`${C}/class/list?class_id=${classId}`));
    expect(list.length).toBeGreaterThanOrEqual(3);
    expect(list.every((c) => c.class_contest)).toBe(true);
    const refused = await outsider.client.get(`${C}/class/list?class_id=${classId}`);
    expect(refused.status).toBe(403);
    expect(refused.message).toBe('你不是该班级的成员');
    expect((await outsider.client.get(`${C}/class/list?class_id=999999`)).status).toBe(404);
    expect((await ok(boss.get<ClassContestList>(`${C}/class/list?class_id=${classId}`))).length).toBe(
      list.length,
    );
  });

  it('team contests: every member of a team is a member of one of its classes', async () => {
    const id = await createBy(teacher.client, { name: '班级团队赛', team_size: 3, start_time: iso(5 * MIN) });
    const refused = await outsider.client.post(`${C}/team/create`, { competition_id: id, name: '外人队' });
    expect(refused.status).toBe(403);
    expect(refused.message).toBe(REFUSAL);
    const team = await ok(
      s1.client.post<{ invite_code: string }>(`${C}/team/create`, { competition_id: id, name: '一队' }),
    );
    const join = await outsider.client.post(`${C}/team/join`, {
      competition_id: id,
      invite_code: team.invite_code,
    });
    expect(join.status).toBe(403);
    const add = await s1.client.post(`${C}/team/add-member`, { competition_id: id, account: 'cc_out' });
    expect(add.status).toBe(403);
    expect(add.message).toContain('竞赛一班');
    await ok(s1.client.post(`${C}/team/add-member`, { competition_id: id, account: 'cc_s2' }));
    expect((await outsider.client.get(`${C}/team/list?competition_id=${id}`)).status).toBe(403);
    expect((await ok(s2.client.get<unknown[]>(`${C}/team/list?competition_id=${id}`))).length).toBe(1);
  });
});
