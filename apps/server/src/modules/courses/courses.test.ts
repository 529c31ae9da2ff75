import type {
  CourseAddRequest,
  CourseDetail,
  CourseJoinResult,
  CourseProblemList,
  CourseRankPage,
  CourseSummary,
  Page,
} from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type Client, startTestServer, type TestServer } from '../../../test/helpers';
import { problemBody, type RoleClients, roleClients, submit, verdict } from '../../../test/problems';

const C = '/api/course';
const P = '/api/problem/algorithm';
const M = '/api/problem/math408';
const AB_PY = 'a, b = map(int, input().split())\nprint(a + b)\n';
const SECRET = '只有成员能看到的第二课内容';

const choice = {
  type: 'single',
  title: '极限',
  content: '求 $\\lim_{x\\to 0} \\frac{\\sin x}{x}$',
  difficulty: 1,
  tags_list: [1],
  options: [
    { key: 'A', content: '0' },
    { key: 'B', content: '1' },
  ],
  answer: ['B'],
  explanation: '重要极限',
};

describe.each(backends())('study plans and courses on $name', (backend) => {
  let ts: TestServer;
  let c: RoleClients;
  let member: Client;
  let memberUuid: number;
  let p1: number;
  let p2: number;
  let q1: number;
  let planId: number;
  let paidId: number;

  const addProblem = async () => {
    const pid = (await c.admin.post<{ problem_id: number }>(`${P}/admin/add`, problemBody())).data.problem_id;
    await c.admin.post(`${P}/admin/testCase/add?problem_id=${pid}`, [{ input: '1 2\n', output: '3\n' }]);
    return pid;
  };
  const save = async (body: CourseAddRequest) => {
    const r = await c.admin.post<{ course_id: number }>(`${C}/admin/add`, body);
    expect(r.code, r.message).toBe(0);
    return r.data.course_id;
  };
  const detail = (cl: Client, id: number) => cl.get<CourseDetail>(`${C}/search/courseId?CourseId=${id}`);

  beforeAll(async () => {
    ts = await startTestServer(backend, { rateLimits: { submit: { max: 1000, windowMs: 60_000 } } });
    c = await roleClients(ts, 'crs');
    ({ client: member, uuid: memberUuid } = await ts.register('crs_member'));
    p1 = await addProblem();
    p2 = await addProblem();
    const q = await c.admin.post<{ question_id: number }>(`${M}/admin/add`, choice);
    expect(q.code, q.message).toBe(0);
    q1 = q.data.question_id;
    planId = await save({
      kind: 'plan',
      title: '入门计划',
      price_fen: 0,
      sections: [
        {
          title: '第一章',
          lessons: [{ title: '起步', content: '# 欢迎' }],
          problems: [
            { kind: 'algorithm', problem_id: p1 },
            { kind: 'math408', problem_id: q1 },
          ],
        },
        { title: '第二章', requires: [0], problems: [{ kind: 'algorithm', problem_id: p2 }] },
        { title: '阅读', lessons: [{ title: '读物', content: '读一读' }] },
      ],
    });
    paidId = await save({
      title: '算法进阶课',
      description: '付费课程',
      price_fen: 990,
      sections: [
        {
          title: '导论',
          lessons: [
            { title: '试看', content: '公开的第一课' },
            { title: '第二课', content: SECRET },
          ],
          problems: [{ kind: 'algorithm', problem_id: p1 }],
        },
      ],
    });
  }, 120_000);
  afterAll(() => ts?.close());

  it('management is for admins: anonymous, banned and plain users are refused, nothing changes', async () => {
    const calls: [string, unknown][] = [
      [`${C}/admin/add`, { title: '偷偷建的课', price_fen: 0 }],
      [`${C}/admin/delete?courseId=${paidId}`, undefined],
      [`${C}/admin/problem/set`, { course_id: paidId, problem_ids: [p2] }],
      [`${C}/admin/user/set`, { course_id: paidId, uuids: [c.userUuid], enrolled: true }],
      [`${C}/admin/get?courseId=${paidId}`, undefined],
      ['/api/video/admin/problem/aliyun', { problem_id: p1, video_id: 'abc' }],
    ];
    for (const [path, body] of calls) {
      expect((await c.anon.post(path, body)).code, path).toBe(40101);
      expect([40101, 40301], path).toContain((await c.banned.post(path, body)).code);
      const asUser = await c.user.post(path, body);
      expect([asUser.status, asUser.code], path).toEqual([403, 40300]);
    }
    const d = await detail(c.anon, paidId);
    expect(d.data.joined).toBe(false);
    expect(d.data.sections[0].problems.map((p) => p.problem_id)).toEqual([p1]);
    expect(d.data.member_count).toBe(0);
  });

  it('validates the course body, naming the field in Chinese', async () => {
    const bad = await c.admin.post(`${C}/admin/add`, { title: '', price_fen: -1 });
    expect(bad.status).toBe(400);
    expect(bad.message).toMatch(/标题不能为空|价格不能为负/);
    const plan = await c.admin.post(`${C}/admin/add`, { kind: 'plan', title: '计划', price_fen: 100 });
    expect(plan.message).toBe('价格：学习计划不能收费，请改为课程');
    const req = await c.admin.post(`${C}/admin/add`, {
      title: '课',
      sections: [{ title: 'a', requires: [0] }],
    });
    expect(req.message).toContain('第 1 章的前置章节只能是它前面的章节');
    const missing = await c.admin.post(`${C}/admin/add`, {
      title: '课',
      sections: [{ title: 'a', problems: [{ problem_id: 999999 }] }],
    });
    expect(missing.message).toBe('题目 999999 不存在');
  });

  it('plan progress: sections done when all problems are solved, prerequisites lock, next step moves', async () => {
    expect((await c.anon.post(`/api/study/join?plan_id=${planId}`)).code).toBe(40101);
    expect([40101, 40301]).toContain((await c.banned.post(`/api/study/join?plan_id=${planId}`)).code);
    const j = await member.post<CourseJoinResult>(`/api/study/join?plan_id=${planId}`);
    expect(j.data).toEqual({ need_pay: false, course_id: planId, enrolled: true });
    const plan = () => member.get<CourseDetail>(`/api/study/plan?plan_id=${planId}`);
    let d = (await plan()).data;
    expect(d.joined).toBe(true);
    expect(d.sections.map((s) => [s.done, s.locked])).toEqual([
      [false, false],
      [false, true],
      [true, false],
    ]);
    expect(d.next).toMatchObject({ section_index: 0, kind: 'algorithm', problem_id: p1 });
    expect([d.solved, d.problem_total]).toEqual([0, 3]);

    // A wrong math answer is tried, not solved; the right one solves it.
    await member.post(`${M}/answer`, { question_id: q1, choices: ['A'] });
    d = (await plan()).data;
    expect(d.sections[0].problems[1].my_status).toBe('tried');
    await member.post(`${M}/answer`, { question_id: q1, choices: ['B'] });
    d = (await plan()).data;
    expect(d.sections[0].problems[1].my_status).toBe('solved');
    expect(d.sections[0].done).toBe(false);
    expect(d.sections[1].locked).toBe(true);

    const id = await submit(member, p1, 'Python3', AB_PY);
    expect((await verdict(member, id)).status).toBe('AC');
    d = (await plan()).data;
    expect(d.sections.map((s) => [s.done, s.locked])).toEqual([
      [true, false],
      [false, false],
      [true, false],
    ]);
    expect(d.next).toMatchObject({ section_index: 1, kind: 'algorithm', problem_id: p2 });
    expect([d.solved, d.problem_total]).toEqual([2, 3]);

    // /study lists joined plans first, with progress.
    const home = await member.get<CourseSummary[]>('/api/study/home');
    expect(home.data[0]).toMatchObject({ id: planId, joined: true, solved: 2, problem_total: 3 });
    // A free plan's lessons are open to everyone.
    const anon = await c.anon.get<CourseDetail>(`/api/study/plan?plan_id=${planId}`);
    expect(anon.data.sections[2].lessons[0].content).toBe('读一读');
    expect(anon.data.next).toBeNull();
  }, 180_000);

  it('a paid course never enrols through course/join; outline and preview for everyone, lessons for members', async () => {
    expect((await c.anon.post(`${C}/join`, { course_id: paidId })).code).toBe(40101);
    expect([40101, 40301]).toContain((await c.banned.post(`${C}/join`, { course_id: paidId })).code);
    const j = await c.user.post<CourseJoinResult>(`${C}/join`, { course_id: paidId });
    expect(j.data).toEqual({ need_pay: true, course_id: paidId, price_fen: 990 });
    for (const cl of [c.anon, c.user, c.banned]) {
      const d = (await detail(cl, paidId)).data;
      expect(d.joined).toBe(false);
      expect(d.can_view_content).toBe(false);
      expect(d.sections[0].lessons.map((l) => [l.title, l.content, l.content_html, l.preview])).toEqual([
        ['试看', '公开的第一课', '<p>公开的第一课</p>\n', true],
        ['第二课', null, null, false],
      ]);
    }
    // Every read path a non-member has, and none carries the second lesson.
    const paths = [
      `${C}/search/courseId?CourseId=${paidId}`,
      `${C}/search/problems?CourseId=${paidId}`,
      `${C}/search/rank?CourseId=${paidId}`,
      `${C}/search/pageNum?pageNum=1`,
      '/api/study/home',
      `/api/study/plan?plan_id=${paidId}`,
    ];
    for (const path of paths)
      for (const cl of [c.anon, c.user]) {
        const r = await cl.get(path);
        expect(r.code, path).toBe(0);
        expect(JSON.stringify(r.data), path).not.toContain(SECRET);
      }
    expect((await c.user.get(`${C}/search/mine`)).data).toEqual([]);

    // An admin adds the member (free of charge); now the lessons open.
    const set = await c.admin.post(`${C}/admin/user/set`, {
      course_id: paidId,
      uuids: [memberUuid],
      enrolled: true,
    });
    expect(set.code, set.message).toBe(0);
    const d = (await detail(member, paidId)).data;
    expect([d.joined, d.can_view_content, d.sections[0].lessons[1].content]).toEqual([true, true, SECRET]);
    expect(d.sections[0].lessons[1].content_html).toContain(SECRET);
    expect((await detail(c.admin, paidId)).data.sections[0].lessons[1].content).toBe(SECRET);
    // Joining again as a member changes nothing and asks no payment.
    expect((await member.post<CourseJoinResult>(`${C}/join`, { course_id: paidId })).data.need_pay).toBe(
      false,
    );

    const problems = await member.get<CourseProblemList>(`${C}/search/problems?CourseId=${paidId}`);
    expect(problems.data).toEqual([
      { section_index: 0, kind: 'algorithm', problem_id: p1, title: '两数之和', my_status: 'solved' },
    ]);
    const rank = await c.anon.get<CourseRankPage>(`${C}/search/rank?CourseId=${paidId}`);
    expect(rank.data.records.map((r) => [r.rank, r.uuid, r.solved])).toEqual([[1, memberUuid, 1]]);
    const mine = await member.get<CourseSummary[]>(`${C}/search/mine`);
    expect(mine.data.map((m) => m.id).sort()).toEqual([planId, paidId].sort());

    // A banned member keeps the row but not the content.
    const { client: b, uuid: bu } = await ts.register('crs_bannedmember');
    await c.admin.post(`${C}/admin/user/set`, { course_id: paidId, uuids: [bu], enrolled: true });
    await c.admin.post('/api/user/admin/ban', [bu]);
    expect((await detail(b, paidId)).data.sections[0].lessons[1].content).toBeNull();

    // Removing the member closes the lessons again.
    await c.admin.post(`${C}/admin/user/set`, { course_id: paidId, uuids: [memberUuid], enrolled: false });
    expect((await detail(member, paidId)).data.sections[0].lessons[1].content).toBeNull();
    await c.admin.post(`${C}/admin/user/set`, { course_id: paidId, uuids: [memberUuid], enrolled: true });
  });

  it("a free course enrols at once; problem/set replaces a section's problems; delete hides it", async () => {
    const free = await save({
      title: '免费课',
      price_fen: 0,
      sections: [
        {
          title: '一',
          lessons: [
            { title: 'a', content: '免费内容' },
            { title: 'b', content: '第二课' },
          ],
        },
      ],
    });
    expect((await c.user.post<CourseJoinResult>(`${C}/join`, { course_id: free })).data).toEqual({
      need_pay: false,
      course_id: free,
      enrolled: true,
    });
    expect((await detail(c.user, free)).data.sections[0].lessons[1].content).toBe('第二课');

    const set = await c.admin.post(`${C}/admin/problem/set`, { course_id: free, problem_ids: [p2, p1] });
    expect(set.code, set.message).toBe(0);
    const ps = await c.user.get<CourseProblemList>(`${C}/search/problems?CourseId=${free}`);
    expect(ps.data.map((p) => p.problem_id)).toEqual([p2, p1]);
    const list = await c.anon.get<Page<CourseSummary>>(`${C}/search/pageNum?pageNum=1`);
    expect(list.data.records.map((r) => r.id)).toContain(free);
    expect(list.data.records.every((r) => r.kind === 'course')).toBe(true);

    expect((await c.admin.post(`${C}/admin/delete?courseId=${free}`)).code).toBe(0);
    expect((await detail(c.user, free)).status).toBe(404);
    expect((await c.user.post(`${C}/join`, { course_id: free })).status).toBe(404);
    const after = await c.anon.get<Page<CourseSummary>>(`${C}/search/pageNum?pageNum=1`);
    expect(after.data.records.map((r) => r.id)).not.toContain(free);
  });

  it('editing keeps lessons given back by id and removes the others', async () => {
    const view = await c.admin.get<{ sections: { lessons: { id: number; title: string }[] }[] }>(
      `${C}/admin/get?courseId=${paidId}`,
    );
    const [first, second] = view.data.sections[0].lessons;
    await save({
      course_id: paidId,
      title: '算法进阶课',
      price_fen: 990,
      sections: [
        {
          title: '导论',
          lessons: [
            { id: second.id, title: '第二课', content: SECRET },
            { title: '新课', content: 'x' },
          ],
          problems: [{ problem_id: p1 }],
        },
      ],
    });
    const again = await c.admin.get<{ sections: { lessons: { id: number }[] }[] }>(
      `${C}/admin/get?courseId=${paidId}`,
    );
    const ids = again.data.sections[0].lessons.map((l) => l.id);
    expect(ids[0]).toBe(second.id);
    expect(ids).not.toContain(first.id);
    // The new first lesson is the preview now.
    const d = (await detail(c.anon, paidId)).data;
    expect(d.sections[0].lessons[0]).toMatchObject({ id: second.id, preview: true, content: SECRET });
    expect(d.sections[0].lessons[1].content).toBeNull();
    // Restore the original order for the video test.
    await save({
      course_id: paidId,
      title: '算法进阶课',
      price_fen: 990,
      sections: [
        {
          title: '导论',
          lessons: [
            { title: '试看', content: '公开的第一课' },
            { id: second.id, title: '第二课', content: SECRET },
          ],
          problems: [{ problem_id: p1 }],
        },
      ],
    });
  });

  it('the list and a course page take a fixed number of statements, whatever the number of courses', async () => {
    const count = async (path: string) => {
      const before = ts.server.queryCount();
      expect((await member.get(path)).code).toBe(0);
      return ts.server.queryCount() - before;
    };
    const batch = (i: number) =>
      save({
        title: `批量课 ${i}`,
        price_fen: 0,
        sections: [
          {
            title: '一',
            lessons: [{ title: 'a' }],
            problems: [{ problem_id: p1 }, { kind: 'math408', problem_id: q1 }],
          },
        ],
      });
    // Every kind of row present once (empty id lists skip their statement), then three times more.
    await batch(0);
    await member.post(`${C}/join`, { course_id: await batch(1) });
    const home = await count('/api/study/home');
    const page = await count(`${C}/search/pageNum?pageNum=1`);
    const one = await count(`${C}/search/courseId?CourseId=${paidId}`);
    for (let i = 2; i < 5; i++) await member.post(`${C}/join`, { course_id: await batch(i) });
    expect(await count('/api/study/home')).toBe(home);
    expect(await count(`${C}/search/pageNum?pageNum=1`)).toBe(page);
    expect(await count(`${C}/search/courseId?CourseId=${paidId}`)).toBe(one);
    console.info(`[courses] statements: study/home ${home}, search/pageNum ${page}, search/courseId ${one}`);
  });
});
