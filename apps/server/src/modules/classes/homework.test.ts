import type {
  ClassSummary,
  HomeworkDetail,
  HomeworkList,
  HomeworkMatrix,
  NotificationPage,
} from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backends,
  type Client,
  startTestServer,
  TestClock,
  type TestServer,
  ok,
} from '../../../test/helpers';
import { problemBody, submit, uploadZip, verdict, zipOf } from '../../../test/problems';

const C = '/api/class';
const H = `${C}/homework`;
const M = '/api/problem/math408';
const SUM = 'a, b = map(int, input().split())\nprint(a + b)\n';
const WRONG = 'print(0)\n';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

describe.each(backends())('class homework on $name', (backend) => {
  const clock = new TestClock();
  let ts: TestServer;
  let boss: Client;
  type U = { client: Client; uuid: number };
  let teacher: U, ta: U, s1: U, s2: U, outsider: U;
  let classId: number;
  let code: string;
  let problems: number[];
  let hw: number;
  let hwQ: number;
  let q1: number, q2: number, hiddenQ: number;

  const input = (over: Record<string, unknown> = {}) => ({
    title: '第一次作业',
    description: '完成三道题',
    start_time: iso(-HOUR),
    deadline: iso(2 * DAY),
    late_end: iso(5 * DAY),
    late_factor: 0.8,
    class_ids: [classId],
    problem_ids: problems,
    ...over,
  });
  const homeworkNotices = async (c: Client) =>
    (await ok(c.post<NotificationPage>('/api/notifications/list?pageNum=1'))).records.filter(
      (n) => n.kind === 'homework' && n.title === '第一次作业',
    );

  beforeAll(async () => {
    ts = await startTestServer(backend, { clock, rateLimits: { submit: { max: 1000, windowMs: 60_000 } } });
    boss = await ts.login(ts.admin.account, ts.admin.password);
    teacher = await ts.register('hw_teacher');
    ta = await ts.register('hw_ta');
    s1 = await ts.register('hw_s1');
    s2 = await ts.register('hw_s2');
    outsider = await ts.register('hw_out');
    await ok(boss.post('/api/user/admin/teacher', { uuid: teacher.uuid, teacher: true }));
    classId = (
      await ok(
        teacher.client.post<{ class_id: number }>(`${C}/create`, { name: '作业班', join_mode: 'code' }),
      )
    ).class_id;
    code = (await ok(teacher.client.get<ClassSummary>(`${C}/detail?class_id=${classId}`))).invite_code!;
    for (const u of [ta, s1, s2]) await ok(u.client.post(`${C}/join`, { code }));
    await ok(teacher.client.post(`${C}/member/role`, { class_id: classId, user_id: ta.uuid, role: 'ta' }));
    const zip = await zipOf([
      ['1.in', '1 2\n'],
      ['1.out', '3\n'],
    ]);
    problems = [];
    for (const name of ['作业甲', '作业乙', '作业丙']) {
      const id = (
        await ok(
          boss.post<{ problem_id: number }>(
            '/api/problem/algorithm/admin/add',
            problemBody({ chinese_name: name }),
          ),
        )
      ).problem_id;
      await ok(uploadZip(boss, id, zip));
      problems.push(id);
    }
    const question = (over: Record<string, unknown>) => ({
      type: 'single',
      title: '作业选择题',
      content: '$1+1=$？',
      difficulty: 1,
      tags_list: [1],
      options: [
        { key: 'A', content: '1' },
        { key: 'B', content: '2' },
      ],
      answer: ['B'],
      explanation: '显然',
      ...over,
    });
    const addQuestion = async (over: Record<string, unknown>) =>
      (await ok(boss.post<{ question_id: number }>(`${M}/admin/add`, question(over)))).question_id;
    q1 = await addQuestion({});
    q2 = await addQuestion({
      type: 'short',
      title: '作业简答题',
      options: [],
      answer: [],
      reference_answer: '二',
    });
    hiddenQ = await addQuestion({ title: '隐藏的题', visible: false });
  }, 180_000);
  afterAll(() => ts?.close());

  it('is created by the teacher and TAs only, with fields named in words', async () => {
    expect((await s1.client.post(`${H}/create`, input())).status).toBe(403);
    expect((await outsider.client.post(`${H}/create`, input())).status).toBe(403);
    const bad = await teacher.client.post(`${H}/create`, input({ title: '' }));
    expect(bad.status).toBe(400);
    expect(bad.message).toContain('作业标题');
    const early = await teacher.client.post(`${H}/create`, input({ deadline: iso(-2 * HOUR) }));
    expect(early.message).toContain('截止时间');
    const byTa = await ok(
      ta.client.post<{ homework_id: number }>(`${H}/create`, input({ title: '助教的作业' })),
    );
    await ok(ta.client.post(`${H}/delete`, { homework_id: byTa.homework_id }));
    expect((await teacher.client.get(`${H}/detail?homework_id=${byTa.homework_id}`)).status).toBe(404);
    hw = (await ok(teacher.client.post<{ homework_id: number }>(`${H}/create`, input()))).homework_id;
  });

  it('tells students once when published and once a day before the deadline', async () => {
    expect((await homeworkNotices(s1.client)).length).toBe(1);
    expect((await homeworkNotices(teacher.client)).length).toBe(0);
    expect(await ts.server.ctx.classes.homework.notices()).toBe(0);
    clock.advance(DAY + 2 * HOUR);
    expect(await ts.server.ctx.classes.homework.notices()).toBe(2);
    expect(await ts.server.ctx.classes.homework.notices()).toBe(0);
    const told = await homeworkNotices(s2.client);
    expect(told.length).toBe(2);
    expect(told[0].excerpt).toContain('一天内截止');
  });

  it('students see their progress from judged submissions, a late AC with the penalty', async () => {
    const [p1, p2, p3] = problems;
    expect((await verdict(s1.client, await submit(s1.client, p1, 'Python3', SUM))).status).toBe('AC');
    expect((await verdict(s1.client, await submit(s1.client, p3, 'Python3', WRONG))).status).toBe('WA');
    // The deadline moved to now: what follows is in the late period.
    await ok(
      teacher.client.post(`${H}/modify`, {
        ...input({ start_time: iso(-2 * HOUR), deadline: iso(0) }),
        homework_id: hw,
      }),
    );
    await new Promise((r) => setTimeout(r, 50));
    expect((await verdict(s1.client, await submit(s1.client, p2, 'Python3', SUM))).status).toBe('AC');
    const d = await ok(s1.client.get<HomeworkDetail>(`${H}/detail?homework_id=${hw}`));
    expect(d.manage).toBe(false);
    expect(d.problems.map((p) => [p.problem_id, p.accepted, p.attempts, p.score, p.late])).toEqual([
      [p1, true, 1, 100, false],
      [p2, true, 1, 80, true],
      [p3, false, 1, 0, false],
    ]);
    expect(d.progress).toEqual({ solved: 2, total: 3, score: 180 });
    const mine = await ok(s1.client.get<HomeworkList>(`${H}/mine`));
    expect(mine.map((h) => [h.homework_id, h.progress])).toEqual([[hw, { solved: 2, total: 3, score: 180 }]]);
    const ofClass = await ok(s2.client.get<HomeworkList>(`${H}/list?class_id=${classId}`));
    expect(ofClass.map((h) => [h.homework_id, h.progress])).toEqual([
      [hw, { solved: 0, total: 3, score: 0 }],
    ]);
  });

  it('managers see the completion matrix and export it', async () => {
    expect((await s1.client.get(`${H}/matrix?homework_id=${hw}`)).status).toBe(403);
    const m = await ok(ta.client.get<HomeworkMatrix>(`${H}/matrix?homework_id=${hw}`));
    expect(m.problems.map((p) => p.problem_id)).toEqual(problems);
    expect(m.students.map((s) => [s.user_id, s.solved, s.score])).toEqual([
      [s1.uuid, 2, 180],
      [s2.uuid, 0, 0],
    ]);
    const [a, b, c] = m.students[0].cells;
    expect(a).toMatchObject({ accepted: true, attempts: 1, best_score: 100, late: false });
    expect(a.first_accepted).not.toBeNull();
    expect(b).toMatchObject({ accepted: true, best_score: 80, late: true });
    expect(c).toEqual({ accepted: false, attempts: 1, best_score: 0, first_accepted: null, late: false });
    const res = await fetch(`${ts.url}${H}/export?homework_id=${hw}`, {
      headers: { cookie: [...teacher.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    const { default: ExcelJS } = await import('exceljs');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('完成情况')!;
    expect(ws.getRow(2).getCell(2).value).toBe('hw_s1');
    expect(ws.getRow(2).getCell(4).value).toBe(180);
  });

  it('outsiders and removed members are refused on every path', async () => {
    await ok(teacher.client.post(`${C}/member/remove`, { class_id: classId, user_id: s2.uuid }));
    for (const u of [outsider, s2]) {
      for (const path of ['detail', 'matrix', 'export'])
        expect([403, 404]).toContain((await u.client.get(`${H}/${path}?homework_id=${hw}`)).status);
      expect((await u.client.get(`${H}/list?class_id=${classId}`)).status).toBe(403);
      expect(await ok(u.client.get<HomeworkList>(`${H}/mine`))).toEqual([]);
      expect((await u.client.post(`${H}/modify`, { ...input(), homework_id: hw })).status).toBe(404);
      expect((await u.client.post(`${H}/delete`, { homework_id: hw })).status).toBe(404);
    }
    expect((await s1.client.post(`${H}/delete`, { homework_id: hw })).status).toBe(403);
  });

  it('lists math / 408 questions among the problems: right answers solve them, late ones with the factor', async () => {
    const [p1] = problems;
    const items = [
      { kind: 'math408', id: q1 },
      { kind: 'algorithm', id: p1 },
      { kind: 'math408', id: q2 },
    ];
    const hidden = await teacher.client.post(
      `${H}/create`,
      input({ title: '混合作业', problem_ids: [], items: [...items, { kind: 'math408', id: hiddenQ }] }),
    );
    expect(hidden.status).toBe(404);
    expect(hidden.message).toContain(`数学/408 题目 ${hiddenQ} 不存在`);
    const mixed = input({ title: '混合作业', problem_ids: [], items, start_time: iso(-HOUR) });
    hwQ = (await ok(teacher.client.post<{ homework_id: number }>(`${H}/create`, mixed))).homework_id;
    const answer = (body: object) => ok(s1.client.post<{ record_id: number }>(`${M}/answer`, body));
    await answer({ question_id: q1, choices: ['A'] });
    await answer({ question_id: q1, choices: ['B'] });
    let d = await ok(s1.client.get<HomeworkDetail>(`${H}/detail?homework_id=${hwQ}`));
    expect(d.problems.map((p) => [p.kind, p.problem_id, p.chinese_name])).toEqual([
      ['math408', q1, '作业选择题'],
      ['algorithm', p1, '作业甲'],
      ['math408', q2, '作业简答题'],
    ]);
    // s1 accepted p1 earlier in the window of this homework too.
    expect(d.problems.map((p) => [p.accepted, p.attempts, p.score, p.late])).toEqual([
      [true, 2, 100, false],
      [true, 1, 100, false],
      [false, 0, 0, false],
    ]);
    // The deadline moves to now: the short answer, self-marked right, comes late.
    await ok(
      teacher.client.post(`${H}/modify`, {
        ...mixed,
        start_time: iso(-2 * HOUR),
        deadline: iso(0),
        homework_id: hwQ,
      }),
    );
    await new Promise((r) => setTimeout(r, 50));
    const short = await answer({ question_id: q2, text: '二' });
    d = await ok(s1.client.get<HomeworkDetail>(`${H}/detail?homework_id=${hwQ}`));
    expect(d.problems[2]).toMatchObject({ accepted: false, attempts: 1, score: 0 });
    await ok(s1.client.post(`${M}/selfMark`, { record_id: short.record_id, mark: 'right' }));
    d = await ok(s1.client.get<HomeworkDetail>(`${H}/detail?homework_id=${hwQ}`));
    expect(d.problems[2]).toMatchObject({
      kind: 'math408',
      accepted: true,
      attempts: 1,
      score: 80,
      late: true,
    });
    expect(d.progress).toEqual({ solved: 3, total: 3, score: 280 });
    const mine = await ok(s1.client.get<HomeworkList>(`${H}/mine`));
    expect(mine.find((h) => h.homework_id === hwQ)?.progress).toEqual({ solved: 3, total: 3, score: 280 });

    const m = await ok(teacher.client.get<HomeworkMatrix>(`${H}/matrix?homework_id=${hwQ}`));
    expect(m.problems.map((p) => [p.kind, p.problem_id])).toEqual(items.map((i) => [i.kind, i.id]));
    const row = m.students.find((s) => s.user_id === s1.uuid)!;
    expect([row.solved, row.score]).toEqual([3, 280]);
    expect(row.cells[0]).toMatchObject({ accepted: true, attempts: 2, best_score: 100, late: false });
    expect(row.cells[0].first_accepted).not.toBeNull();
    expect(row.cells[2]).toMatchObject({ accepted: true, best_score: 80, late: true });
    const res = await fetch(`${ts.url}${H}/export?homework_id=${hwQ}`, {
      headers: { cookie: [...teacher.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    const { default: ExcelJS } = await import('exceljs');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('完成情况')!;
    expect(ws.getRow(1).getCell(5).value).toBe(`数学/408 ${q1} 作业选择题`);
    expect(ws.getRow(2).getCell(4).value).toBe(280);
    expect(ws.getRow(2).getCell(7).value).toBe('通过 80 分 1 次（迟交）');
  });

  it('the matrix costs the same number of statements for 2 and for 6 students', async () => {
    const countedOf = async (id: number) => {
      const before = ts.server.queryCount();
      await ok(teacher.client.get<HomeworkMatrix>(`${H}/matrix?homework_id=${id}`));
      return ts.server.queryCount() - before;
    };
    const counted = () => countedOf(hw);
    await ok(s2.client.post(`${C}/join`, { code }));
    expect(
      (await ok(teacher.client.get<HomeworkMatrix>(`${H}/matrix?homework_id=${hw}`))).students.length,
    ).toBe(2);
    const two = await counted();
    const twoMixed = await countedOf(hwQ);
    for (const name of ['hw_x1', 'hw_x2', 'hw_x3', 'hw_x4']) {
      const u = await ts.register(name);
      await ok(u.client.post(`${C}/join`, { code }));
      expect((await verdict(u.client, await submit(u.client, problems[0], 'Python3', WRONG))).status).toBe(
        'WA',
      );
      await ok(u.client.post(`${M}/answer`, { question_id: q1, choices: ['A'] }));
    }
    expect(
      (await ok(teacher.client.get<HomeworkMatrix>(`${H}/matrix?homework_id=${hw}`))).students.length,
    ).toBe(6);
    const six = await counted();
    expect(six).toBe(two);
    expect(two).toBeLessThanOrEqual(10);
    // With math / 408 questions: their titles and one grouped read of the answers more.
    const m = await ok(teacher.client.get<HomeworkMatrix>(`${H}/matrix?homework_id=${hwQ}`));
    expect(m.students.filter((s) => s.cells[0].attempts === 1 && !s.cells[0].accepted).length).toBe(4);
    expect(await countedOf(hwQ)).toBe(twoMixed);
    expect(twoMixed).toBe(two + 2);
  });
});
