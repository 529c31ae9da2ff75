import type {
  CompetitionAddRequestRaw,
  Math408ExamQuestion,
  Math408ExamResult,
  Math408Neighbours,
  Math408QuestionInputRaw,
  Math408Record,
  Math408Row,
  Math408Stats,
  Math408WrongItem,
  Page,
} from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type Client, startTestServer, type TestServer } from '../../../test/helpers';
import { type RoleClients, roleClients } from '../../../test/problems';

// Practice on the math / 408 bank (issue 29 item 16): neighbours within a filter, the 错题本, the
// statistics, self-marked short answers and the exam mode, with the contests' locks kept.
const M = '/api/problem/math408';
const C = '/api/competition';
const MIN = 60_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

const answer = (c: Client, body: object) => c.post<Math408Record>(`${M}/answer`, body);
const wrongIds = async (c: Client) =>
  (await c.get<Math408WrongItem[]>(`${M}/wrong`)).data.map((w) => w.question_id);
const stats = async (c: Client) => (await c.get<Math408Stats>(`${M}/stats`)).data;
const selfMark = (c: Client, record_id: number, mark: string) =>
  c.post<Math408Record>(`${M}/selfMark`, { record_id, mark });

const question = (over: Partial<Math408QuestionInputRaw>): Math408QuestionInputRaw => ({
  type: 'single',
  title: '练习题',
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
const shortQuestion = (over: Partial<Math408QuestionInputRaw> = {}) =>
  question({ type: 'short', options: [], answer: [], reference_answer: '参考答案：二', ...over });

async function add(c: Client, body: Math408QuestionInputRaw): Promise<number> {
  const res = await c.post<{ question_id: number }>(`${M}/admin/add`, body);
  if (res.code !== 0) throw new Error(`add: ${res.message}`);
  return res.data.question_id;
}

describe.each(backends())('math / 408 practice on $name', (backend) => {
  let ts: TestServer;
  let c: RoleClients;
  beforeAll(async () => {
    ts = await startTestServer(backend, { rateLimits: { submit: { max: 1000, windowMs: 60_000 } } });
    c = await roleClients(ts, 'm4p');
  }, 60_000);
  afterAll(() => ts?.close());

  it('gives the previous and next question within the bank filter, skipping hidden ones', async () => {
    const first = await add(c.admin, shortQuestion({ title: '邻居一', difficulty: 3 }));
    const hidden = await add(c.admin, shortQuestion({ title: '隐藏', difficulty: 3, visible: false }));
    const third = await add(c.admin, shortQuestion({ title: '邻居三', difficulty: 3 }));
    const filter = 'type=short&difficulty=3';
    const list = await c.user.post<Page<Math408Row>>(`${M}/search?${filter}&pageSize=100`);
    const ids = list.data.records.map((r) => r.question_id);
    expect(ids).toContain(first);
    expect(ids).not.toContain(hidden);
    for (const [i, id] of ids.entries()) {
      const n = await c.anon.get<Math408Neighbours>(`${M}/search/neighbours?question_id=${id}&${filter}`);
      expect([n.data.prev?.question_id ?? null, n.data.next?.question_id ?? null]).toEqual([
        ids[i - 1] ?? null,
        ids[i + 1] ?? null,
      ]);
    }
    const n = await c.user.get<Math408Neighbours>(`${M}/search/neighbours?question_id=${first}&${filter}`);
    expect(n.data.next).toEqual({ question_id: third, title: '邻居三' });
    // Without a filter the whole published bank; a hidden question is not found; fields are checked.
    const all = await c.user.get<Math408Neighbours>(`${M}/search/neighbours?question_id=${third}`);
    expect(all.data.prev?.question_id).toBe(first);
    expect((await c.user.get(`${M}/search/neighbours?question_id=${hidden}`)).code).toBe(40400);
    const bad = await c.user.get(`${M}/search/neighbours?question_id=x`);
    expect([bad.status, bad.message]).toEqual([400, expect.stringMatching(/^题目编号/)]);
  });

  it('keeps the 错题本 and the statistics from my own latest answers, short answers self-marked', async () => {
    const me = (await ts.register('m4p_wrong')).client;
    const other = (await ts.register('m4p_other')).client;
    const choice = await add(c.admin, question({ title: '错题选择' }));
    const short = await add(c.admin, shortQuestion({ title: '错题简答' }));
    expect(await stats(me)).toEqual({ answers: 0, questions: 0, right: 0, partial: 0, wrong: 0, pending: 0 });

    expect((await answer(me, { question_id: choice, choices: ['A'] })).data.status).toBe('wrong');
    const wrong = (await me.get<Math408WrongItem[]>(`${M}/wrong`)).data;
    expect(wrong).toEqual([
      {
        question_id: choice,
        title: '错题选择',
        type: 'single',
        difficulty: 1,
        subject: 'math',
        answer_time: expect.any(String),
      },
    ]);
    // Another learner's answers are not mine.
    expect(await wrongIds(other)).toEqual([]);

    const text = await answer(me, { question_id: short, text: '我的回答' });
    expect(text.data).toMatchObject({
      status: 'submitted',
      self_mark: null,
      reference_answer: '参考答案：二',
    });
    expect(await stats(me)).toMatchObject({ answers: 2, questions: 2, wrong: 1, pending: 1 });
    // Marked wrong: in the 错题本 and no longer solved; partly right: counted apart.
    expect((await selfMark(me, text.data.record_id, 'wrong')).data.self_mark).toBe('wrong');
    expect(await wrongIds(me)).toEqual(expect.arrayContaining([choice, short]));
    const row = await me.post<Page<Math408Row>>(`${M}/search?type=short&difficulty=1&pageSize=100`);
    expect(row.data.records.find((r) => r.question_id === short)?.my_status).toBe('tried');
    expect((await selfMark(me, text.data.record_id, 'partial')).code).toBe(0);
    expect(await stats(me)).toMatchObject({ wrong: 1, partial: 1, pending: 0 });
    expect(await wrongIds(me)).toEqual([choice]);

    // Retrying right takes a question off; a later wrong answer puts it back.
    await answer(me, { question_id: choice, choices: ['B'] });
    expect(await wrongIds(me)).toEqual([]);
    expect(await stats(me)).toEqual({ answers: 3, questions: 2, right: 1, partial: 1, wrong: 0, pending: 0 });

    // Only my own short answers: another's record reads as missing, a choice cannot be self-marked,
    // the mark is checked, a visitor must sign in.
    expect((await selfMark(other, text.data.record_id, 'right')).code).toBe(40400);
    const choiceRecord = await answer(me, { question_id: choice, choices: ['B'] });
    expect((await selfMark(me, choiceRecord.data.record_id, 'right')).status).toBe(400);
    expect((await selfMark(me, text.data.record_id, 'perfect')).message).toMatch(/^自评结果/);
    expect((await selfMark(c.anon, text.data.record_id, 'right')).code).toBe(40101);
    expect((await c.anon.get(`${M}/wrong`)).code).toBe(40101);
    expect((await c.anon.get(`${M}/stats`)).code).toBe(40101);
  });

  it('draws an exam paper without keys and marks it on 交卷 as ordinary answers', async () => {
    const me = (await ts.register('m4p_exam')).client;
    const ids = [
      await add(c.admin, question({ title: '考试一', difficulty: 2, tags_list: [401] })),
      await add(c.admin, question({ title: '考试二', difficulty: 2, tags_list: [401] })),
      await add(c.admin, shortQuestion({ title: '考试三', difficulty: 2, tags_list: [401] })),
    ];
    const paper = await me.post<Math408ExamQuestion[]>(`${M}/exam/draw`, {
      subject: '408',
      difficulty: 2,
      count: 10,
    });
    expect(paper.code).toBe(0);
    expect(paper.data.map((q) => q.question_id).sort((a, b) => a - b)).toEqual(expect.arrayContaining(ids));
    expect(
      paper.data.every((q) => !('answer' in q) && !('explanation' in q) && q.type !== 'programming'),
    ).toBe(true);
    // Each text comes rendered (the exam page needs no renderer to show it), options too.
    const first = paper.data.find((q) => q.question_id === ids[0]);
    expect(first?.content_html).toContain('<span class="katex">');
    expect(first?.options.map((o) => [o.key, o.content_html.trim()])).toEqual([
      ['A', '<p>1</p>'],
      ['B', '<p>2</p>'],
    ]);
    const two = await me.post<Math408ExamQuestion[]>(`${M}/exam/draw`, {
      subject: '408',
      difficulty: 2,
      count: 2,
    });
    expect(new Set(two.data.map((q) => q.question_id)).size).toBe(2);
    expect((await me.post(`${M}/exam/draw`, { count: 0 })).message).toMatch(/^题目数量至少为 1/);
    expect((await me.post(`${M}/exam/draw`, { keyword: 'no-such-question-zzz', count: 3 })).code).toBe(40400);
    expect((await c.anon.post(`${M}/exam/draw`, { count: 3 })).code).toBe(40101);

    const result = await me.post<Math408ExamResult>(`${M}/exam/submit`, {
      answers: [
        { question_id: ids[0], choices: ['B'] },
        { question_id: ids[1], choices: ['A'] },
        { question_id: ids[2], text: '二' },
        { question_id: 15, text: 'print(1)' },
      ],
    });
    expect(result.code).toBe(0);
    expect(result.data.map((r) => [r.question_id, r.record?.status ?? r.message])).toEqual([
      [ids[0], 'correct'],
      [ids[1], 'wrong'],
      [ids[2], 'submitted'],
      [15, '编程题不能在考试模式中作答'],
    ]);
    expect(result.data[1].record).toMatchObject({ correct_answer: ['B'], explanation: '显然' });
    // Ordinary answers: the statistics and the 错题本 follow; the short answer is self-marked after.
    expect(await wrongIds(me)).toEqual([ids[1]]);
    await selfMark(me, result.data[2].record!.record_id, 'wrong');
    expect(await stats(me)).toEqual({ answers: 3, questions: 3, right: 1, partial: 0, wrong: 2, pending: 0 });
    expect((await me.post(`${M}/exam/submit`, { answers: [] })).message).toBe('没有可交的答案');
  });

  it('keeps a running contest’s keys: no draw, no self-mark, refused exam answers', async () => {
    const locked = await add(c.admin, question({ title: '比赛选择', difficulty: 0, tags_list: [2] }));
    const lockedShort = await add(
      c.admin,
      shortQuestion({ title: '比赛简答', difficulty: 0, tags_list: [2] }),
    );
    const me = (await ts.register('m4p_contest')).client;
    // Answered before the contest: a short answer to self-mark later.
    const before = await answer(me, { question_id: lockedShort, text: '早先的回答' });
    await answer(me, { question_id: locked, choices: ['A'] });
    const body: CompetitionAddRequestRaw = {
      name: '数学练习锁定',
      description: '',
      type: 2,
      start_time: iso(-MIN),
      end_time: iso(60 * MIN),
      problems: [{ problem_id: locked }, { problem_id: lockedShort }],
    };
    const created = await c.admin.post<{ competition_id: number }>(`${C}/admin/algorithm/add`, body);
    expect(created.code).toBe(0);
    expect((await me.post(`${C}/join?competition_id=${created.data.competition_id}`)).code).toBe(0);

    const paper = await me.post<Math408ExamQuestion[]>(`${M}/exam/draw`, {
      difficulty: 0,
      tags_list: [2],
      count: 10,
    });
    expect(paper.code === 0 ? paper.data.map((q) => q.question_id) : []).not.toEqual(
      expect.arrayContaining([locked]),
    );
    expect(paper.code === 0 ? paper.data.map((q) => q.question_id) : []).not.toContain(lockedShort);
    expect((await selfMark(me, before.data.record_id, 'right')).status).toBe(403);
    const result = await me.post<Math408ExamResult>(`${M}/exam/submit`, {
      answers: [{ question_id: locked, choices: ['B'] }],
    });
    expect(result.data[0]).toMatchObject({ record: null, message: expect.stringMatching(/比赛/) });
    // The 错题本 lists the question, never its key.
    const wrong = (await me.get<Math408WrongItem[]>(`${M}/wrong`)).data;
    expect(wrong.map((w) => w.question_id)).toEqual([locked]);
    expect(JSON.stringify(wrong)).not.toMatch(/显然|"B"/);
    // Admins are never locked out.
    const mine = await answer(c.admin, { question_id: lockedShort, text: '管理员' });
    expect((await selfMark(c.admin, mine.data.record_id, 'right')).code).toBe(0);
  });
});
