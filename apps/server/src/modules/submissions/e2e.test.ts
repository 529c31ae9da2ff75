import {
  DEFAULT_CODE_TEMPLATES,
  LANGUAGES,
  type Language,
  type Math408QuestionView,
  type Math408Record,
} from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoProblems } from '@oj/seed-data';
import { backends, startTestServer, type TestServer } from '../../../test/helpers';
import {
  problemBody,
  type RoleClients,
  roleClients,
  submit,
  uploadZip,
  verdict,
  watch,
  zipOf,
} from '../../../test/problems';

const P = '/api/problem/algorithm';

/** The a+b templates made wrong: a - b (every test has b ≠ 0). */
const wrong = (language: Language) =>
  language === 'JavaScript'
    ? DEFAULT_CODE_TEMPLATES.JavaScript.replace('data[0] + data[1]', 'data[0] - data[1]')
    : language === 'PHP'
      ? DEFAULT_CODE_TEMPLATES.PHP.replace('$a + $b', '$a - $b')
      : DEFAULT_CODE_TEMPLATES[language].replace('a + b', 'a - b');

const TESTS: [string, string][] = [
  ['1 2\n', '3\n'],
  ['-5 7\n', '2\n'],
  ['1000000000000 999999999999\n', '1999999999999\n'],
  ['0 -1\n', '-1\n'],
];

describe.each(backends())('end to end on $name', (backend) => {
  let ts: TestServer;
  let c: RoleClients;
  let problemId: number;
  // Every language on SQLite; through BullMQ on Redis the queue path matters, not the toolchains again.
  const languages: readonly Language[] = backend.redisUrl ? ['C++', 'Python3'] : LANGUAGES;

  beforeAll(async () => {
    ts = await startTestServer(backend, {
      rateLimits: { submit: { max: 1000, windowMs: 60_000 } },
      // Every language the judge knows is offered (issue 25; `npm test` installs them all).
      env: { OJ_LANGUAGES: 'all' },
    });
    c = await roleClients(ts, 'e2e');
  }, 60_000);
  afterAll(() => ts?.close());

  it('an admin creates a problem with a zip of tests', async () => {
    const added = await c.admin.post<{ problem_id: number }>(
      `${P}/admin/add`,
      problemBody({ chinese_name: '大整数加法入门', tags_list: [101, 118] }),
    );
    problemId = added.data.problem_id;
    const zip = await zipOf(
      TESTS.flatMap(
        ([i, o], k) =>
          [
            [`${k + 1}.in`, i],
            [`${k + 1}.out`, o],
          ] as [string, string][],
      ),
    );
    expect((await uploadZip(c.admin, problemId, zip)).data.test_case_num).toBe(4);
  });

  for (const language of languages) {
    it(`a user gets AC and WA in ${language}, watching the live stream`, async () => {
      const ac = await submit(c.user, problemId, language, DEFAULT_CODE_TEMPLATES[language]);
      const events = await watch(ts, c.user, ac);
      // Every test event seen is AC and they arrive in order (all four unless the stream connected late).
      const seen = events.flatMap((e) => (e.kind === 'test' ? [[e.test, e.result.status] as const] : []));
      expect(seen.map(([k]) => k)).toEqual([1, 2, 3, 4].slice(4 - seen.length));
      expect(seen.every(([, st]) => st === 'AC')).toBe(true);
      if (events[0].kind === 'queued' || events[0].kind === 'compiling') expect(seen).toHaveLength(4);
      const done = events.at(-1)!;
      expect(done.kind === 'done' && done.record.status, JSON.stringify(done)).toBe('AC');
      if (done.kind === 'done')
        expect(done.record.test_results.map((t) => t.status)).toEqual(['AC', 'AC', 'AC', 'AC']);

      const wa = await submit(c.user, problemId, language, wrong(language));
      const waEvents = await watch(ts, c.user, wa);
      const last = waEvents.at(-1)!;
      expect(last.kind === 'done' && last.record.status).toBe('WA');
      // first-failure mode: the first test fails (1 - 2 = -1 ≠ 3) and judging stops there
      if (last.kind === 'done') expect(last.record.test_results.map((t) => t.status)).toEqual(['WA']);
    }, 120_000);
  }

  it('the seeded bank judges its reference solutions AC (plain, special judge and float checker)', async () => {
    const demo = await loadDemoProblems();
    const picked = backend.redisUrl
      ? demo.filter((p) => p.special_judge)
      : demo.filter((p) => p.problem_id === 1002 || p.special_judge || p.float_tolerance);
    expect(picked.length).toBeGreaterThanOrEqual(1);
    const ids = [];
    for (const p of picked)
      ids.push([p.slug, await submit(c.user, p.problem_id, 'C++', p.solutions['C++']!)] as const);
    for (const [slug, id] of ids) expect([slug, (await verdict(c.user, id)).status]).toEqual([slug, 'AC']);
  }, 180_000);

  it('the math/408 bank grades choices at once, reveals short answers, judges the programming question', async () => {
    const M = '/api/problem/math408';
    const before = await c.user.get<Math408QuestionView>(`${M}/search/questionId?question_id=1`);
    expect(before.data).toMatchObject({ type: 'single', answered: false, answer: null, explanation: null });
    expect(before.data.options.map((o) => o.key)).toEqual(['A', 'B', 'C', 'D']);
    const wrongChoice = await c.user.post<Math408Record>(`${M}/answer`, { question_id: 1, choices: ['A'] });
    expect(wrongChoice.data).toMatchObject({ status: 'wrong', correct: false, correct_answer: ['C'] });
    const right = await c.user.post<Math408Record>(`${M}/answer`, { question_id: 1, choices: ['C'] });
    expect(right.data).toMatchObject({ status: 'correct', correct: true });
    expect(
      (await c.user.get<Math408QuestionView>(`${M}/search/questionId?question_id=1`)).data,
    ).toMatchObject({
      answered: true,
      my_status: 'solved',
      answer: ['C'],
    });
    expect((await c.user.post(`${M}/answer`, { question_id: 1, choices: ['A', 'C'] })).message).toMatch(
      /^单选题只能选一个答案/,
    );
    expect((await c.anon.post(`${M}/answer`, { question_id: 1, choices: ['C'] })).code).toBe(40101);

    const short = await c.user.post<Math408Record>(`${M}/answer`, {
      question_id: 6,
      text: '参数为 λ，二阶矩为 λ+λ²',
    });
    expect(short.data.status).toBe('submitted');
    expect(short.data.reference_answer).toBeTruthy();
    expect((await c.user.post(`${M}/answer`, { question_id: 6, text: '  ' })).message).toMatch(
      /^答案不能为空/,
    );

    const q15 = await c.user.get<Math408QuestionView>(`${M}/search/questionId?question_id=15`);
    expect(q15.data).toMatchObject({ type: 'programming', reference_code: null });
    expect(q15.data.problem_id).toBeGreaterThan(0);
    const admin15 = await c.admin.get<Math408QuestionView>(`${M}/search/questionId?question_id=15`);
    const prog = await c.user.post<Math408Record>(`${M}/answer`, {
      question_id: 15,
      language: admin15.data.reference_code!.language,
      source_code: admin15.data.reference_code!.code,
    });
    expect(prog.data.status).toBe('PD');
    expect((await verdict(c.user, prog.data.submission_id!)).status).toBe('AC');
    // the hidden problem's records stay out of the public list, not out of the author's own
    const hiddenList = async (who: typeof c.user) =>
      (await who.post<{ total: number }>(`${P}/records?problem_id=${q15.data.problem_id}`)).data.total;
    expect(await hiddenList(c.user)).toBe(1);
    expect(await hiddenList(c.anon)).toBe(0);
    expect(await hiddenList(c.admin)).toBe(1);
    const records = await c.user.post<{ records: Math408Record[]; total: number }>(`${M}/records`);
    expect(records.data.total).toBe(4);
    expect(records.data.records[0]).toMatchObject({ question_id: 15, status: 'AC', correct: true });
    const bank = await c.user.post<{ records: { question_id: number; my_status: string }[] }>(`${M}/search`, {
      type: 'single',
      pageSize: 100,
    });
    expect(bank.data.records.find((r) => r.question_id === 1)?.my_status).toBe('solved');
    expect(
      (await c.anon.post<{ total: number }>(`${M}/search`, { keyword: '极限' })).data.total,
    ).toBeGreaterThan(0);
    expect((await c.anon.get(`${M}/search/questionId?question_id=999`)).status).toBe(404);
  }, 120_000);
});
