import type {
  AuthoredClassProblems,
  ClassProblemList,
  ClassSummary,
  HomeworkDetail,
  Problem,
  RecordPage,
  SearchResult,
} from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backends,
  type Client,
  startTestServer,
  TEST_PASSWORD,
  type TestServer,
  ok,
} from '../../../test/helpers';
import { problemBody, submit, uploadZip, verdict, zipOf } from '../../../test/problems';

const C = '/api/class';
const A = '/api/problem/algorithm';
const SUM = 'a, b = map(int, input().split())\nprint(a + b)\n';
const HOUR = 3_600_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

/** Issue 27 part 3: class problems (docs/classes.md 班级题目). */
describe.each(backends())('class problems on $name', (backend) => {
  let ts: TestServer;
  let boss: Client;
  type U = { client: Client; uuid: number };
  let teacher: U, ta: U, s1: U, s2: U, outsider: U, other: U;
  let classId: number;
  let otherClassId: number;
  let publicId: number;
  let hiddenId: number;
  let cp: number;
  let zip: Buffer;
  let s1Record: number;
  let s2Record: number;

  beforeAll(async () => {
    ts = await startTestServer(backend, { rateLimits: { submit: { max: 1000, windowMs: 60_000 } } });
    boss = await ts.login(ts.admin.account, ts.admin.password);
    teacher = await ts.register('cp_teacher');
    ta = await ts.register('cp_ta');
    s1 = await ts.register('cp_s1');
    s2 = await ts.register('cp_s2');
    outsider = await ts.register('cp_out');
    other = await ts.register('cp_other');
    for (const t of [teacher, other])
      await ok(boss.post('/api/user/admin/teacher', { uuid: t.uuid, teacher: true }));
    const create = async (u: U, name: string) =>
      (await ok(u.client.post<{ class_id: number }>(`${C}/create`, { name, join_mode: 'code' }))).class_id;
    classId = await create(teacher, '题目班');
    otherClassId = await create(other, '别的班');
    const code = (await ok(teacher.client.get<ClassSummary>(`${C}/detail?class_id=${classId}`))).invite_code!;
    for (const u of [ta, s1, s2]) await ok(u.client.post(`${C}/join`, { code }));
    await ok(teacher.client.post(`${C}/member/role`, { class_id: classId, user_id: ta.uuid, role: 'ta' }));
    zip = await zipOf([
      ['1.in', '1 2\n'],
      ['1.out', '3\n'],
    ]);
    const add = async (over: Record<string, unknown>) =>
      (await ok(boss.post<{ problem_id: number }>(`${A}/admin/add`, problemBody(over)))).problem_id;
    publicId = await add({ chinese_name: '公开题' });
    hiddenId = await add({ chinese_name: '隐藏题', visible: false });
    for (const id of [publicId, hiddenId]) await ok(uploadZip(boss, id, zip));
  }, 180_000);
  afterAll(() => ts?.close());

  it('lets a teacher into the management site, not a plain user', async () => {
    const login = async (account: string) =>
      ts.client().post('/api/user/admin/login', { account, password: await ts.encrypt(TEST_PASSWORD) });
    expect((await login('cp_teacher')).code).toBe(0);
    expect((await login('cp_ta')).status).toBe(403);
  });

  it('is created by a teacher for its own classes only, always hidden', async () => {
    const body = (over: Record<string, unknown> = {}) =>
      problemBody({ chinese_name: '班级私题甲', visible: true, class_ids: [classId], ...over });
    expect((await s1.client.post(`${A}/admin/add`, body())).status).toBe(403);
    expect((await ta.client.post(`${A}/admin/add`, body())).status).toBe(403); // a TA without the 教师 mark
    expect((await teacher.client.post(`${A}/admin/add`, body({ class_ids: [] }))).status).toBe(403);
    expect((await teacher.client.post(`${A}/admin/add`, body({ class_ids: undefined }))).status).toBe(403);
    expect((await teacher.client.post(`${A}/admin/add`, body({ class_ids: [otherClassId] }))).status).toBe(
      403,
    );
    expect((await other.client.post(`${A}/admin/add`, body())).status).toBe(403);
    cp = (await ok(teacher.client.post<{ problem_id: number }>(`${A}/admin/add`, body()))).problem_id;
    const seen = await ok(boss.get<Problem>(`${A}/search/problemId?problem_id=${cp}`));
    expect(seen.visible).toBe(false);
    expect(seen.class_problem).toBe(true);
  });

  it('lets its author use the editor, tests and checker routes; refuses everyone else', async () => {
    const edit = (c: Client, id: number, over: Record<string, unknown> = {}) =>
      c.post(`${A}/admin/modify`, {
        ...problemBody({ chinese_name: '班级私题', visible: true }),
        problem_id: id,
        ...over,
      });
    expect((await edit(teacher.client, cp)).code).toBe(0);
    const after = await ok(boss.get<Problem>(`${A}/search/problemId?problem_id=${cp}`));
    expect(after.chinese_name).toBe('班级私题');
    expect(after.visible).toBe(false); // a class problem is never published
    // Even an administrator's save keeps it hidden.
    expect((await edit(boss, cp)).code).toBe(0);
    expect((await ok(boss.get<Problem>(`${A}/search/problemId?problem_id=${cp}`))).visible).toBe(false);

    expect((await uploadZip(teacher.client, cp, zip)).code).toBe(0);
    const routes = (id: number) => [
      `${A}/admin/testCase/get?problem_id=${id}`,
      `${A}/admin/testCaseFile/get?problem_id=${id}`,
      `${A}/admin/jury/list?problem_id=${id}`,
      `${A}/admin/jury/run?problem_id=${id}`,
      `${A}/admin/jury/validator/delete?problem_id=${id}`,
    ];
    // Past the guard (a problem without a validator answers 404 from the operation itself).
    for (const url of routes(cp))
      expect([url, (await teacher.client.post(url)).status]).not.toContainEqual(403);
    for (const url of routes(cp).slice(0, 4))
      expect([url, (await teacher.client.post(url)).status]).toEqual([url, 200]);
    const json = [{ input: '2 3\n', output: '5\n' }];
    expect((await teacher.client.post(`${A}/admin/testCase/add?problem_id=${cp}`, json)).code).toBe(0);
    const solution = { name: '标程', language: 'Python3', source: SUM, expected: ['AC'] };
    const sid = (
      await ok(teacher.client.post<{ solution_id: number }>(`${A}/admin/jury/add?problem_id=${cp}`, solution))
    ).solution_id;
    expect((await teacher.client.post(`${A}/admin/jury/runOne?solution_id=${sid}`)).code).toBe(0);

    // Someone else's class problem, a public problem, a plain user: 403 on every route.
    for (const [who, id] of [
      [other, cp],
      [ta, cp],
      [s1, cp],
      [outsider, cp],
      [teacher, publicId],
      [teacher, hiddenId],
    ] as const) {
      for (const url of [
        ...routes(id),
        `${A}/admin/delete?problem_id=${id}`,
        `${A}/admin/jury/add?problem_id=${id}`,
      ])
        expect([
          url,
          (await who.client.post(url, url.includes('jury/add') ? solution : undefined)).status,
        ]).toEqual([url, 403]);
      expect((await edit(who.client, id)).status).toBe(403);
      expect((await uploadZip(who.client, id, zip)).status).toBe(403);
      expect((await who.client.post(`${A}/admin/testCase/add?problem_id=${id}`, json)).status).toBe(403);
    }
    for (const who of [other, ta, s1]) {
      expect((await who.client.post(`${A}/admin/jury/runOne?solution_id=${sid}`)).status).toBe(403);
      expect((await who.client.post(`${A}/admin/jury/delete?solution_id=${sid}`)).status).toBe(403);
      expect(
        (await who.client.post(`${A}/admin/jury/modify`, { ...solution, solution_id: sid })).status,
      ).toBe(403);
    }
    expect(
      (await teacher.client.post(`${A}/admin/jury/modify`, { ...solution, solution_id: sid })).code,
    ).toBe(0);
    expect((await teacher.client.post(`${A}/admin/jury/delete?solution_id=${sid}`)).code).toBe(0);
    // Imports, exports, the daily problem and rejudging stay the administrators'.
    expect((await teacher.client.get(`${A}/admin/export?ids=${cp}`)).status).toBe(403);
    expect((await teacher.client.post(`${A}/set/daily?problem_id=${cp}`)).status).toBe(403);
    // Its test data back for the members' submissions.
    expect((await uploadZip(teacher.client, cp, zip)).code).toBe(0);

    // Deleting: the author may, others not (a throw-away class problem).
    const spare = (
      await ok(
        teacher.client.post<{ problem_id: number }>(
          `${A}/admin/add`,
          problemBody({ chinese_name: '草稿', class_ids: [classId] }),
        ),
      )
    ).problem_id;
    expect((await other.client.post(`${A}/admin/delete?problem_id=${spare}`)).status).toBe(403);
    expect((await teacher.client.post(`${A}/admin/delete?problem_id=${spare}`)).code).toBe(0);
  }, 120_000);

  it('lists a class problem to its members and the authored list to its teacher', async () => {
    const list = await ok(s1.client.get<ClassProblemList>(`${C}/problems?class_id=${classId}`));
    expect(list.records.map((r) => r.problem_id)).toEqual([cp]);
    expect(list.records[0].status).toBe('none');
    expect(list.can_create).toBe(false);
    expect(
      (await ok(teacher.client.get<ClassProblemList>(`${C}/problems?class_id=${classId}`))).can_create,
    ).toBe(true);
    expect((await outsider.client.get(`${C}/problems?class_id=${classId}`)).status).toBe(403);
    const mine = await ok(teacher.client.get<AuthoredClassProblems>(`${C}/problems/authored`));
    expect(mine.records.map((r) => r.problem_id)).toEqual([cp]);
    expect(mine.records[0].classes).toEqual([{ class_id: classId, name: '题目班' }]);
    expect(mine.classes.map((c) => c.class_id)).toEqual([classId]);
    expect((await ok(other.client.get<AuthoredClassProblems>(`${C}/problems/authored`))).records).toEqual([]);
    expect((await s1.client.get(`${C}/problems/authored`)).status).toBe(403);
  });

  it('members read and submit it; their teacher and TA read their records', async () => {
    const detail = await ok(s1.client.get<Problem>(`${A}/search/problemId?problem_id=${cp}`));
    expect(detail.class_problem).toBe(true);
    expect(detail.samples.length).toBe(1);
    s1Record = await submit(s1.client, cp, 'Python3', SUM);
    expect((await verdict(s1.client, s1Record)).status).toBe('AC');
    s2Record = await submit(s2.client, cp, 'Python3', SUM);
    await verdict(s2.client, s2Record);
    const records = (c: Client, uuid: number) =>
      ok(c.get<RecordPage>(`${A}/records?problem_id=${cp}&uuid=${uuid}&pageNum=1&pageSize=20`));
    // Own records, and the managers' view of their students' (the homework matrix links there).
    expect((await records(s1.client, s1.uuid)).records.map((r) => r.submission_id)).toEqual([s1Record]);
    for (const manager of [teacher, ta]) {
      expect((await records(manager.client, s1.uuid)).records.map((r) => r.submission_id)).toEqual([
        s1Record,
      ]);
      expect(
        (await ok(manager.client.get<{ status: string }>(`${A}/records/recordId?submission_id=${s1Record}`)))
          .status,
      ).toBe('AC');
    }
    // A fellow student sees the problem but not another student's record.
    expect((await records(s2.client, s1.uuid)).records).toEqual([]);
    expect((await s2.client.get(`${A}/records/recordId?submission_id=${s1Record}`)).status).toBe(404);
    const status = await ok(s1.client.get<ClassProblemList>(`${C}/problems?class_id=${classId}`));
    expect(status.records[0].status).toBe('solved');
  }, 120_000);

  it('never shows it to outsiders or a removed member, on any path', async () => {
    await ok(teacher.client.post(`${C}/member/remove`, { class_id: classId, user_id: s2.uuid }));
    await ts.server.ctx.outbox.drain();
    for (const who of [outsider, s2, other]) {
      const c = who.client;
      expect((await c.get(`${A}/search/problemId?problem_id=${cp}`)).status).toBe(404);
      expect((await c.get(`${A}/search/neighbours?problem_id=${cp}`)).status).toBe(404);
      const sent = await c.post(`${A}/judge/submit`, {
        problem_id: cp,
        language: 'Python3',
        source_code: SUM,
      });
      expect(sent.status).toBe(404);
      const all = await ok(c.get<RecordPage>(`${A}/records?problem_id=${cp}&pageNum=1&pageSize=20`));
      expect(all.records.filter((r) => r.uuid !== who.uuid)).toEqual([]);
      expect((await c.get(`${A}/records/recordId?submission_id=${s1Record}`)).status).toBe(404);
      const bank = await ok(
        c.post<{ records: { problem_id: number }[] }>(`${A}/search`, { keyword: '班级私题' }),
      );
      expect(bank.records).toEqual([]);
      const listed = await ok(
        c.post<{ records: { problem_id: number }[] }>(`${A}/search`, { pageNum: 1, pageSize: 100 }),
      );
      expect(listed.records.some((r) => r.problem_id === cp)).toBe(false);
      const found = await ok(c.post<SearchResult>('/api/search/all/vo', { keyword: '班级私题' }));
      expect(JSON.stringify(found.records)).not.toContain('班级私题');
      expect((await c.post(`/api/posts/post/answer/problemId?problem_id=${cp}&status=0`)).status).toBe(404);
      expect((await c.get(`${A}/admin/export?ids=${cp}`)).status).toBe(403);
      expect((await c.get(`${C}/problems?class_id=${classId}`)).status).toBe(403);
    }
    // The removed member's own record stays its own.
    expect((await s2.client.get(`${A}/records/recordId?submission_id=${s2Record}`)).code).toBe(0);
    // A hidden problem is not counted in the bank's totals, class problem or not.
    const sums = await Promise.all(
      [outsider, s1].map((u) => ok(u.client.post<{ total: number }>(`${A}/search/difficulty/sum`))),
    );
    const published = await ok(ts.client().post<{ total: number }>(`${A}/search/difficulty/sum`));
    expect(sums.map((s) => s.total)).toEqual([published.total, published.total]);
    const bank = await ok(ts.client().post<{ total: number }>(`${A}/search`, { pageNum: 1, pageSize: 1 }));
    expect(published.total).toBe(bank.total); // published problems only
  });

  it('may be part of a homework of its classes', async () => {
    const hw = {
      title: '班级题作业',
      description: '',
      start_time: iso(-HOUR),
      deadline: iso(48 * HOUR),
      late_factor: 1,
      class_ids: [classId],
      problem_ids: [publicId, cp],
    };
    const created = await ok(teacher.client.post<{ homework_id: number }>(`${C}/homework/create`, hw));
    const seen = await ok(
      s1.client.get<HomeworkDetail>(`${C}/homework/detail?homework_id=${created.homework_id}`),
    );
    expect(seen.problems.map((p) => p.problem_id)).toEqual([publicId, cp]);
    // A hidden problem that is not one of the class's is refused.
    expect(
      (await teacher.client.post(`${C}/homework/create`, { ...hw, problem_ids: [hiddenId] })).status,
    ).toBe(404);
    // Another class's teacher cannot put this class problem in its own class's homework.
    const theirs = { ...hw, class_ids: [otherClassId], problem_ids: [cp] };
    expect((await other.client.post(`${C}/homework/create`, theirs)).status).toBe(404);
  });
});
