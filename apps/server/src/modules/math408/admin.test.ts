import type {
  Math408AdminRow,
  Math408QuestionAdmin,
  Math408QuestionInputRaw,
  Math408QuestionView,
  Math408Record,
  Page,
  Problem,
} from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../test/helpers';
import { type RoleClients, roleClients, verdict } from '../../../test/problems';

const M = '/api/problem/math408';
const A = `${M}/admin`;
const AB_PY = 'a, b = map(int, input().split())\nprint(a + b)\n';

const single = (over: Partial<Math408QuestionInputRaw> = {}): Math408QuestionInputRaw => ({
  type: 'single',
  title: '极限',
  content: '求 $\\lim_{x\\to 0} \\frac{\\sin x}{x}$',
  difficulty: 1,
  tags_list: [1, 101],
  options: [
    { key: 'A', content: '0' },
    { key: 'B', content: '1' },
    { key: 'C', content: '$\\infty$' },
  ],
  answer: ['B'],
  explanation: '重要极限',
  ...over,
});

const programming = (over: Partial<Math408QuestionInputRaw> = {}): Math408QuestionInputRaw => ({
  type: 'programming',
  title: '两数之和',
  content: '输入 a、b，输出 a+b。',
  difficulty: 0,
  programming: {
    time_limit: 2000,
    memory_limit: 128,
    samples: [{ input: '1 2\n', output: '3\n' }],
    tests: [
      { input: '1 2\n', output: '3\n' },
      { input: '40 2\n', output: '42\n' },
    ],
    reference_code: { language: 'Python3', code: AB_PY },
  },
  ...over,
});

describe.each(backends())('math408 admin on $name', (backend) => {
  let ts: TestServer;
  let c: RoleClients;
  beforeAll(async () => {
    ts = await startTestServer(backend, { rateLimits: { submit: { max: 1000, windowMs: 60_000 } } });
    c = await roleClients(ts, 'm4a');
  }, 60_000);
  afterAll(() => ts?.close());

  it('is for admins only: anonymous, banned and plain users are refused every call', async () => {
    const calls: [string, unknown][] = [
      [`${A}/add`, single()],
      [`${A}/modify`, { ...single(), question_id: 1 }],
      [`${A}/delete?question_id=1`, undefined],
      [`${A}/search`, {}],
      [`${A}/search/questionId?question_id=1`, undefined],
    ];
    for (const [path, body] of calls) {
      expect((await c.anon.post(path, body)).code, path).toBe(40101);
      expect([40101, 40301], path).toContain((await c.banned.post(path, body)).code);
      const asUser = await c.user.post(path, body);
      expect([asUser.status, asUser.code], path).toEqual([403, 40300]);
    }
    // Nothing happened: question 1 is still there.
    expect((await c.anon.get(`${M}/search/questionId?question_id=1`)).code).toBe(0);
  });

  it('refuses bad input per type, naming the field', async () => {
    const cases: [Math408QuestionInputRaw, RegExp][] = [
      [single({ title: '' }), /^标题/],
      [single({ type: 'essay' as 'single' }), /^题目类型/],
      [single({ difficulty: 7 }), /^难度/],
      [single({ tags_list: [99999] }), /^标签/],
      [single({ options: [{ key: 'A', content: '0' }] }), /^选择题至少 2 个选项/],
      [
        single({
          options: [
            { key: 'A', content: '0' },
            { key: 'A', content: '1' },
          ],
          answer: ['A'],
        }),
        /^选项字母不能重复/,
      ],
      [
        single({
          options: [
            { key: 'a', content: '0' },
            { key: 'B', content: '1' },
          ],
        }),
        /^选项字母必须是单个大写字母/,
      ],
      [single({ answer: [] }), /^答案不能为空/],
      [single({ answer: ['B', 'C'] }), /^答案必须恰好一个选项/],
      [single({ answer: ['D'] }), /^答案中的 D 不是选项/],
      [single({ type: 'multiple', answer: ['B', 'B'] }), /^答案不能重复/],
      [single({ type: 'short', answer: [], options: [] }), /^参考答案不能为空/],
      [single({ type: 'short', reference_answer: '1' }), /^选项只能用于选择题/],
      [programming({ programming: null }), /^编程题设置不能为空/],
      [
        programming({ programming: { ...programming().programming!, tests: undefined } }),
        /^测试数据不能为空/,
      ],
      [programming({ programming: { ...programming().programming!, time_limit: 20 } }), /^时间限制/],
      [programming({ programming: { ...programming().programming!, tests: [] } }), /^测试数据/],
      [single({ programming: programming().programming }), /^编程题设置只能用于编程大题/],
    ];
    for (const [body, message] of cases) {
      const res = await c.admin.post(`${A}/add`, body);
      expect([res.status, res.message], JSON.stringify(body).slice(0, 120)).toEqual([
        400,
        expect.stringMatching(message),
      ]);
    }
    const taken = await c.admin.post(`${A}/add`, single({ question_id: 1 }));
    expect([taken.status, taken.message]).toEqual([409, expect.stringMatching(/^题目编号 1 已被使用/)]);
  });

  it('adds, lists hidden ones, edits and deletes a choice question', async () => {
    const added = await c.admin.post<{ question_id: number }>(
      `${A}/add`,
      single({ visible: false, title: '极限甲乙丙' }),
    );
    expect(added.code).toBe(0);
    const id = added.data.question_id;
    expect(id).toBeGreaterThan(15); // after the seeded ones

    // Hidden: not in the bank, not readable by users, listed for admins.
    const publicList = await c.anon.post<Page<{ question_id: number }>>(`${M}/search`, { pageSize: 100 });
    expect(publicList.data.records.map((r) => r.question_id)).not.toContain(id);
    expect((await c.user.get(`${M}/search/questionId?question_id=${id}`)).status).toBe(404);
    expect((await c.user.post(`${M}/answer`, { question_id: id, choices: ['B'] })).status).toBe(404);
    const hidden = await c.admin.post<Page<Math408AdminRow>>(`${A}/search`, { visibility: 'hidden' });
    expect(hidden.data.records.map((r) => r.question_id)).toEqual([id]);
    expect(hidden.data.records[0]).toMatchObject({
      title: '极限甲乙丙',
      visible: false,
      type: 'single',
      answer_count: 0,
    });
    const all = await c.admin.post<Page<Math408AdminRow>>(`${A}/search?pageSize=5`);
    expect(all.data).toMatchObject({ total: 16, pageSize: 5 });
    expect(all.data.records[0].question_id).toBe(id); // newest first
    expect((await c.admin.post<Page<Math408AdminRow>>(`${A}/search`, { keyword: '重要' })).data.total).toBe(
      0,
    );
    expect((await c.admin.post<Page<Math408AdminRow>>(`${A}/search`, { keyword: '甲乙丙' })).data.total).toBe(
      1,
    );
    expect((await c.admin.post<Page<Math408AdminRow>>(`${A}/search`, { type: 'short' })).data.total).toBe(3);
    expect((await c.admin.post(`${A}/search`, { type: 'essay' })).message).toMatch(/^题目类型/);

    const full = await c.admin.get<Math408QuestionAdmin>(`${A}/search/questionId?question_id=${id}`);
    expect(full.data).toMatchObject({
      answer: ['B'],
      explanation: '重要极限',
      tags_list: [1, 101],
      programming: null,
    });

    // Edit: visible now, multiple choice refused (the type stays), answers re-sorted.
    const edited = { ...single({ title: '重要极限', answer: ['B'] }), question_id: id };
    expect((await c.admin.post(`${A}/modify`, { ...edited, type: 'multiple' })).message).toMatch(
      /^题型不能修改/,
    );
    expect((await c.admin.post(`${A}/modify`, { ...edited, question_id: 99999 })).status).toBe(404);
    expect((await c.admin.post(`${A}/modify`, edited)).code).toBe(0);
    const seen = await c.user.get<Math408QuestionView>(`${M}/search/questionId?question_id=${id}`);
    expect(seen.data).toMatchObject({ title: '重要极限', answered: false, answer: null });
    const answered = await c.user.post<Math408Record>(`${M}/answer`, { question_id: id, choices: ['B'] });
    expect(answered.data).toMatchObject({ status: 'correct', correct_answer: ['B'], problem_id: null });
    const tagged = await c.anon.post<Page<{ question_id: number }>>(`${M}/search`, { tags_list: [101] });
    expect(tagged.data.records.map((r) => r.question_id)).toContain(id);

    // Delete: gone from the bank and from answering; the user's record stays readable.
    expect((await c.admin.post(`${A}/delete?question_id=x`)).message).toMatch(/^题目编号/);
    expect((await c.admin.post(`${A}/delete?question_id=${id}`)).code).toBe(0);
    expect((await c.admin.post(`${A}/delete?question_id=${id}`)).status).toBe(404);
    expect((await c.user.get(`${M}/search/questionId?question_id=${id}`)).status).toBe(404);
    expect((await c.admin.get(`${A}/search/questionId?question_id=${id}`)).status).toBe(404);
    const mine = await c.user.post<Page<Math408Record>>(`${M}/records?question_id=${id}`);
    expect(mine.data.records.map((r) => r.title)).toEqual(['重要极限']);
    // Its id is not handed out again.
    const next = await c.admin.post<{ question_id: number }>(
      `${A}/add`,
      single({ type: 'multiple', answer: ['A', 'B'] }),
    );
    expect(next.data.question_id).toBe(id + 1);
  });

  it("sends each text rendered, and the answers' HTML only once the answers are shown", async () => {
    const body = single({
      explanation: '因为 **重要极限** $e$',
      content: '求 $x^2$\n\n```cpp\nint main() {}\n```',
    });
    const id = (await c.admin.post<{ question_id: number }>(`${A}/add`, body)).data.question_id;
    const path = `${M}/search/questionId?question_id=${id}`;
    const before = (await c.user.get<Math408QuestionView>(path)).data;
    expect(before.content_html).toContain('class="katex"');
    expect(before.content_html).toContain('<span class="hljs-type">int</span>');
    expect(before.options.map((o) => o.key)).toEqual(['A', 'B', 'C']);
    expect(before.options[2].content_html).toContain('class="katex"');
    expect(before.options[1].content_html).toBe('<p>1</p>\n');
    // Not answered yet: neither the explanation nor its HTML.
    expect(before).toMatchObject({ explanation: null, explanation_html: null, reference_answer_html: null });
    expect(JSON.stringify(before)).not.toContain('重要极限');

    await c.user.post(`${M}/answer`, { question_id: id, choices: ['A'] });
    const after = (await c.user.get<Math408QuestionView>(path)).data;
    expect(after.explanation_html).toContain('<strong>重要极限</strong>');
    expect(after.explanation_html).toContain('class="katex"');
    // A writer's HTML stays text.
    await c.admin.post(`${A}/modify`, { ...body, question_id: id, content: '<img src=x onerror=alert(1)>' });
    const edited = (await c.user.get<Math408QuestionView>(path)).data;
    expect(edited.content_html).not.toContain('<img');
    expect(edited.content_html).toContain('&lt;img');
  });

  it('adds a short answer question; its reference answer shows after answering', async () => {
    const body = single({ type: 'short', options: [], answer: [], reference_answer: '答案是 **1**' });
    const id = (await c.admin.post<{ question_id: number }>(`${A}/add`, body)).data.question_id;
    const r = await c.user.post<Math408Record>(`${M}/answer`, { question_id: id, text: '1' });
    expect(r.data).toMatchObject({ status: 'submitted', reference_answer: '答案是 **1**', correct: null });
  });

  it('adds a programming question with its hidden problem, judges it, edits limits and keeps the tests', async () => {
    const added = await c.admin.post<{ question_id: number }>(`${A}/add`, programming());
    expect(added.code).toBe(0);
    const id = added.data.question_id;
    const full = await c.admin.get<Math408QuestionAdmin>(`${A}/search/questionId?question_id=${id}`);
    const prog = full.data.programming!;
    expect(prog).toMatchObject({
      time_limit: 2000,
      memory_limit: 128,
      samples: [{ input: '1 2\n', output: '3\n' }],
    });
    expect(prog.tests.map((t) => t.output)).toEqual(['3\n', '42\n']);
    // The hidden problem: admins see it, the bank does not.
    const problem = await c.admin.get<Problem>(
      `/api/problem/algorithm/search/problemId?problem_id=${prog.problem_id}`,
    );
    expect(problem.data).toMatchObject({ visible: false, time_limit: 2000, test_case_num: 2 });
    expect(
      (await c.user.get(`/api/problem/algorithm/search/problemId?problem_id=${prog.problem_id}`)).status,
    ).toBe(404);

    const view = await c.user.get<Math408QuestionView>(`${M}/search/questionId?question_id=${id}`);
    expect(view.data).toMatchObject({ problem_id: prog.problem_id, time_limit: 2000, memory_limit: 128 });
    const ans = await c.user.post<Math408Record>(`${M}/answer`, {
      question_id: id,
      language: 'Python3',
      source_code: AB_PY,
    });
    expect(ans.data).toMatchObject({ status: 'PD', problem_id: prog.problem_id });
    expect((await verdict(c.user, ans.data.submission_id!)).status).toBe('AC');

    // Limits change, the tests are kept when omitted, replaced when given.
    const { tests: _kept, ...withoutTests } = programming().programming!;
    const modify = {
      ...programming({ programming: { ...withoutTests, time_limit: 3000 } }),
      question_id: id,
    };
    expect((await c.admin.post(`${A}/modify`, modify)).code).toBe(0);
    const after = (await c.admin.get<Math408QuestionAdmin>(`${A}/search/questionId?question_id=${id}`)).data;
    expect(after.programming).toMatchObject({ problem_id: prog.problem_id, time_limit: 3000 });
    expect(after.programming!.tests).toHaveLength(2);
    const replaced = {
      ...modify,
      programming: { ...modify.programming!, tests: [{ input: '2 2\n', output: '4\n' }] },
    };
    expect((await c.admin.post(`${A}/modify`, replaced)).code).toBe(0);
    const again = (await c.admin.get<Math408QuestionAdmin>(`${A}/search/questionId?question_id=${id}`)).data;
    expect(again.programming!.tests.map((t) => t.input)).toEqual(['2 2\n']);

    // Deleting the question removes its hidden problem; the record page keeps the submission.
    expect((await c.admin.post(`${A}/delete?question_id=${id}`)).code).toBe(0);
    expect(
      (await c.admin.get(`/api/problem/algorithm/search/problemId?problem_id=${prog.problem_id}`)).status,
    ).toBe(404);
    const rec = await c.user.get<{ status: string }>(
      `/api/problem/algorithm/records/recordId?submission_id=${ans.data.submission_id}`,
    );
    expect(rec.data.status).toBe('AC');
  }, 120_000);
});
