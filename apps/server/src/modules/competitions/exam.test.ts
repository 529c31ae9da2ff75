import type { CompetitionAddRequestRaw, CompetitionDetail, CompetitionEdit, ExamMine } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type Client, startTestServer, type TestServer } from '../../../test/helpers';
import { EXAM_ALLOWED, examUseOf } from './exam-guard';

// Issue 26 part 6, exam mode: while an exam contest runs, its participants reach only its pages
// (an explicit allow-list in exam-guard.ts); optionally only from listed IP ranges; admins and
// everyone else are never restricted; it ends with the contest.

const C = '/api/competition';
const P = '/api/problem/algorithm';
const MIN = 60_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
const REFUSED = '考试进行中，只能访问本场比赛';

const contest = (over: Partial<CompetitionAddRequestRaw> = {}): CompetitionAddRequestRaw => ({
  name: '期末上机考试',
  description: '',
  type: 1,
  start_time: iso(-10 * MIN),
  end_time: iso(60 * MIN),
  problems: [{ problem_id: 1000 }, { problem_id: 1001 }],
  exam_mode: true,
  ...over,
});

type Call = [method: 'GET' | 'POST', path: string, body?: unknown];

describe('the allow-list', () => {
  it('maps paths to their use by prefix, and refuses what it does not list', () => {
    expect(examUseOf('/api/competition/search/problems')).toBe('contest');
    expect(examUseOf('/api/competition/exam/mine')).toBe('session');
    expect(examUseOf('/api/problem/algorithm/judge/submit-answers')).toBe('contest');
    expect(examUseOf('/api/problem/algorithm/records/recordId')).toBe('submission');
    expect(examUseOf('/api/problem/algorithm/search')).toBeNull();
    expect(examUseOf('/api/posts/search')).toBeNull();
    // Every listed prefix is under /api/ (the guard leaves the sites' pages and assets alone).
    for (const [prefix] of EXAM_ALLOWED) expect(prefix.startsWith('/api/')).toBe(true);
  });
});

describe.each(backends())('exam mode on $name', (backend) => {
  let ts: TestServer;
  let admin: Client;
  let student: Client;
  let bystander: Client;
  let examId: number;
  let otherId: number;
  let examSubmission: number;
  let practiceSubmission: number;

  const call = (c: Client, [method, path, body]: Call) =>
    method === 'GET' ? c.get(path) : c.post(path, body);

  beforeAll(async () => {
    ts = await startTestServer(backend, { rateLimits: { submit: { max: 1000, windowMs: 60_000 } } });
    admin = await ts.login(ts.admin.account, ts.admin.password);
    student = (await ts.register('exam_student')).client;
    bystander = (await ts.register('exam_bystander')).client;
    // A practice submission made before the exam: not the exam's, so refused during it.
    practiceSubmission = (
      await student.post<{ submission_id: number }>(`${P}/judge/submit`, {
        problem_id: 1002,
        language: 'Python3',
        source_code: 'print(0)\n',
      })
    ).data.submission_id;
    examId = (await admin.post<{ competition_id: number }>(`${C}/admin/algorithm/add`, contest())).data
      .competition_id;
    otherId = (
      await admin.post<{ competition_id: number }>(
        `${C}/admin/algorithm/add`,
        contest({ name: '同时进行的普通赛', exam_mode: false }),
      )
    ).data.competition_id;
    expect((await student.post(`${C}/join?competition_id=${examId}`)).code).toBe(0);
    expect((await admin.post(`${C}/join?competition_id=${examId}`)).code).toBe(0);
    examSubmission = (
      await student.post<{ submission_id: number }>(`${P}/judge/submit`, {
        problem_id: 1000,
        language: 'Python3',
        source_code: 'print(0)\n',
        competition_id: examId,
        index: 0,
      })
    ).data.submission_id;
    expect(examSubmission).toBeGreaterThan(0);
  }, 120_000);
  afterAll(() => ts?.close());

  it('shows the setting on the contest and tells the participant which exam holds them', async () => {
    const detail = await student.get<CompetitionDetail>(`${C}/search/competitionId?competition_id=${examId}`);
    expect(detail.data.exam_mode).toBe(true);
    const mine = await student.get<ExamMine>(`${C}/exam/mine`);
    expect(mine.data).toMatchObject({ competition_id: examId, name: '期末上机考试', ip_refused: false });
    expect((await bystander.get<ExamMine>(`${C}/exam/mine`)).data).toBeNull();
    expect((await admin.get<ExamMine>(`${C}/exam/mine`)).data).toBeNull();
  });

  it('lets the participant use the contest and what its pages need', async () => {
    const allowed: Call[] = [
      ['GET', '/api/user/current'],
      ['GET', `${C}/search/competitionId?competition_id=${examId}`],
      ['POST', `${C}/search/problems?competition_id=${examId}`],
      ['POST', `${C}/search/problem?competition_id=${examId}&index=1`],
      ['GET', `${C}/search/rank/pageNum?competition_id=${examId}`],
      ['POST', `${C}/search/records/pageNum?competition_id=${examId}`],
      ['POST', `/api/clarifications/list?competition_id=${examId}`],
      ['GET', `${P}/records/recordId?submission_id=${examSubmission}`],
      ['GET', '/api/judge/languages'],
      [
        'POST',
        `${P}/judge/submit`,
        {
          problem_id: 1001,
          language: 'Python3',
          source_code: 'print(1)\n',
          competition_id: examId,
          index: 1,
        },
      ],
    ];
    for (const c of allowed) {
      const r = await call(student, c);
      expect({ call: c[1], message: r.message, code: r.code }).toMatchObject({ call: c[1], code: 0 });
    }
  }, 60_000);

  it('refuses every other route with a clear message, naming the exam', async () => {
    const refused: Call[] = [
      ['GET', `${P}/search/problemId?problem_id=1000`],
      ['POST', `${P}/search`, { pageNum: 1 }],
      ['GET', `${P}/records?problem_id=1000`],
      ['POST', `${P}/records/user/page?problem_id=1000`],
      ['GET', `${P}/records/recordId?submission_id=${practiceSubmission}`],
      ['POST', `${P}/judge/submit`, { problem_id: 1000, language: 'Python3', source_code: 'print(2)\n' }],
      [
        'POST',
        `${P}/judge/submit`,
        {
          problem_id: 1000,
          language: 'Python3',
          source_code: 'print(2)\n',
          competition_id: otherId,
          index: 0,
        },
      ],
      ['POST', '/api/problem/math408/search', { pageNum: 1 }],
      ['GET', `${C}/search/page?pageNum=1`],
      ['GET', `${C}/search/competitionId?competition_id=${otherId}`],
      ['POST', `${C}/search/problems?competition_id=${otherId}`],
      ['GET', `${C}/search/rating/page?pageNum=1`],
      ['POST', `${C}/user/joins/get`, { pageNum: 1 }],
      ['POST', `/api/clarifications/list?competition_id=${otherId}`],
      ['POST', '/api/posts/search', { pageNum: 1 }],
      ['GET', '/api/search/all/vo?keyword=a'],
      ['GET', '/api/code-replay/list?pageNum=1'],
      ['POST', '/api/notifications/unread'],
      ['POST', '/api/notifications/list?pageNum=1'],
      ['GET', '/api/study/home'],
      ['GET', '/api/course/search/pageNum?pageNum=1'],
      ['POST', '/api/user/search/uuid?uuid=1'],
      ['GET', '/api/home/overview'],
      ['GET', '/api/announcement/bar'],
      ['GET', '/api/social/friends'],
    ];
    for (const c of refused) {
      const r = await call(student, c);
      expect({ call: c[1], status: r.status, message: r.message }).toEqual({
        call: c[1],
        status: 403,
        message: `${REFUSED}（期末上机考试），考试结束后恢复`,
      });
    }
  }, 60_000);

  it('leaves everyone else alone: other users and admins, even an admin who joined', async () => {
    for (const c of [bystander, admin]) {
      expect((await c.get(`${P}/search/problemId?problem_id=1000`)).code).toBe(0);
      expect((await c.get(`${C}/search/page?pageNum=1`)).code).toBe(0);
    }
  });

  it('validates the IP ranges (IPv4 and IPv6 CIDR) and keeps them for admins', async () => {
    const bad = await admin.post(`${C}/admin/algorithm/add`, contest({ exam_ips: ['10.0.0.0/33'] }));
    expect([bad.status, bad.message]).toEqual([
      400,
      '允许的 IP 段「10.0.0.0/33」不是有效的 CIDR（例如 10.1.0.0/16 或 2001:db8::/32）',
    ]);
    const byUser = await bystander.post(`${C}/user/add`, contest({ exam_ips: ['10.0.0.0/8'] }));
    expect([byUser.status, byUser.message]).toEqual([400, '只有管理员可以设置允许的 IP 段']);
    // A user's own contest may be an exam (without ranges).
    const own = await bystander.post<{ competition_id: number }>(`${C}/user/add`, contest({ name: '小测' }));
    expect(own.code).toBe(0);
    const ownEdit = await bystander.get<CompetitionEdit>(
      `${C}/get?competition_id=${own.data.competition_id}`,
    );
    expect([ownEdit.data.exam_mode, ownEdit.data.exam_ips]).toEqual([true, []]);
    const ranged = await admin.post<{ competition_id: number }>(
      `${C}/admin/algorithm/add`,
      contest({ exam_ips: ['10.0.0.0/8', '2001:db8::/32'], start_time: iso(MIN) }),
    );
    const edit = await admin.get<CompetitionEdit>(`${C}/get?competition_id=${ranged.data.competition_id}`);
    expect(edit.data.exam_ips).toEqual(['10.0.0.0/8', '2001:db8::/32']);
  });

  it('refuses a participant outside the ranges everything but their session, naming the rule and the IP', async () => {
    const { client: far } = await ts.register('exam_far');
    const { client: near } = await ts.register('exam_near');
    const outside = (
      await admin.post<{ competition_id: number }>(
        `${C}/admin/algorithm/add`,
        contest({ name: '机房考试', exam_ips: ['10.0.0.0/8', '2001:db8::/32'] }),
      )
    ).data.competition_id;
    const inside = (
      await admin.post<{ competition_id: number }>(
        `${C}/admin/algorithm/add`,
        contest({ name: '本机考试', exam_ips: ['127.0.0.0/8', '::1/128'] }),
      )
    ).data.competition_id;
    expect((await far.post(`${C}/join?competition_id=${outside}`)).code).toBe(0);
    expect((await near.post(`${C}/join?competition_id=${inside}`)).code).toBe(0);

    const refused = await far.post(`${C}/search/problems?competition_id=${outside}`);
    expect(refused.status).toBe(403);
    expect(refused.message).toMatch(
      /^考试「机房考试」只允许从指定的 IP 段参加（10\.0\.0\.0\/8、2001:db8::\/32），你当前的 IP 是 \S+，不在允许范围内/,
    );
    expect((await far.get('/api/user/current')).code).toBe(0);
    const mine = await far.get<ExamMine>(`${C}/exam/mine`);
    expect(mine.data).toMatchObject({ competition_id: outside, ip_refused: true });
    expect(refused.message).toContain(mine.data!.ip);

    expect((await near.post(`${C}/search/problems?competition_id=${inside}`)).code).toBe(0);
    expect((await near.get<ExamMine>(`${C}/exam/mine`)).data?.ip_refused).toBe(false);
  });

  it('ends with the contest: an edit that ends it frees its participants at once', async () => {
    const edit = (await admin.get<CompetitionEdit>(`${C}/get?competition_id=${examId}`)).data;
    const ended = await admin.post(`${C}/admin/modify?competition_id=${examId}`, {
      name: edit.name,
      description: edit.description,
      type: 1,
      start_time: iso(-20 * MIN),
      end_time: iso(-1000),
      problems: edit.problems.map((p) => ({ problem_id: p.problem_id })),
    });
    expect(ended.code).toBe(0);
    // Absent on modify keeps the setting.
    expect((await admin.get<CompetitionEdit>(`${C}/get?competition_id=${examId}`)).data.exam_mode).toBe(true);
    expect((await student.get(`${P}/search/problemId?problem_id=1000`)).code).toBe(0);
    expect((await student.get<ExamMine>(`${C}/exam/mine`)).data).toBeNull();
  });
});
