import { expectedVerdictsOf, type JuryPage, type RecordPage, type TestCaseView } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type Client, startTestServer, type TestServer } from '../../../test/helpers';
import { problemBody, type RoleClients, roleClients, uploadZip, zipOf } from '../../../test/problems';

const P = '/api/problem/algorithm';
const J = `${P}/admin/jury`;

const CXX_AC =
  '#include <cstdio>\nint main(){long long a,b;scanf("%lld %lld",&a,&b);printf("%lld\\n",a+b);}\n';
const CXX_WA = CXX_AC.replace('a+b', 'a-b');
const CXX_TLE = 'int main(){volatile unsigned long x=0;for(;;)x++;}\n';
const PY_AC = 'a, b = map(int, input().split())\nprint(a + b)\n';

/** Two integers in [-10^9, 10^9], one space, a line end, nothing after (no testlib: any header works). */
const VALIDATOR = `#include <cstdio>
int main() {
  long long a, b; char sep[2], end[2];
  if (std::scanf("%lld%1[ ]%lld%1[\\n]", &a, sep, &b, end) != 4) { std::fputs("FAIL expected \\"a b\\" and a line end", stderr); return 3; }
  if (a < -1000000000 || a > 1000000000 || b < -1000000000 || b > 1000000000) { std::fputs("FAIL a or b out of range", stderr); return 3; }
  if (std::getchar() != EOF) { std::fputs("FAIL expected EOF", stderr); return 3; }
  return 0;
}
`;

const TESTS: [string, string][] = [
  ['1 2\n', '3\n'],
  ['-5 7\n', '2\n'],
  ['10 20\n', '30\n'],
];
const zipFrom = (tests: [string, string][]) =>
  zipOf(
    tests.flatMap(([i, o], k) => [
      [`${k + 1}.in`, i] as [string, string],
      [`${k + 1}.out`, o] as [string, string],
    ]),
  );

async function page(c: Client, problemId: number): Promise<JuryPage> {
  const r = await c.get<JuryPage>(`${J}/list?problem_id=${problemId}`);
  if (r.code !== 0) throw new Error(`jury list: ${r.message}`);
  return r.data;
}

/** The page once no run is queued or stale (every run judged against the problem as it is now). */
async function settled(c: Client, problemId: number, timeoutMs = 120_000): Promise<JuryPage> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const p = await page(c, problemId);
    if (p.summary.pending === 0 && p.solutions.every((s) => s.run.status !== null)) return p;
    if (Date.now() > end)
      throw new Error(`jury runs of ${problemId} still pending: ${JSON.stringify(p.summary)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function newProblem(c: RoleClients, name: string, timeLimit = 300): Promise<number> {
  const added = await c.admin.post<{ problem_id: number }>(
    `${P}/admin/add`,
    problemBody({ chinese_name: name, time_limit: timeLimit, visible: false }),
  );
  expect(added.code, added.message).toBe(0);
  const id = added.data.problem_id;
  expect((await uploadZip(c.admin, id, await zipFrom(TESTS))).code).toBe(0);
  return id;
}

async function addSolution(
  c: Client,
  problemId: number,
  name: string,
  language: string,
  source: string,
  expected: string[],
) {
  const r = await c.post<{ solution_id: number }>(`${J}/add?problem_id=${problemId}`, {
    name,
    language,
    source,
    expected,
  });
  expect(r.code, r.message).toBe(0);
  return r.data.solution_id;
}

const publish = (c: Client, problemId: number, force = false) =>
  c.post(
    `${P}/admin/modify${force ? '?force=1' : ''}`,
    problemBody({ problem_id: problemId, time_limit: 300, visible: true }),
  );

describe.each(backends())('jury solutions and problem validation on $name', (backend) => {
  let ts: TestServer;
  let c: RoleClients;
  let good = 0;
  let bad = 0;

  beforeAll(async () => {
    ts = await startTestServer(backend);
    c = await roleClients(ts, 'jury');
    good = await newProblem(c, '验证：全部符合');
    bad = await newProblem(c, '验证：期望不符');
  }, 60_000);
  afterAll(() => ts?.close());

  it('AC, WA and TLE solutions that get what they expect: all agree, and the problem publishes', async () => {
    await addSolution(c.admin, good, 'main.cpp', 'C++', CXX_AC, ['AC']);
    await addSolution(c.admin, good, 'main.py', 'Python3', PY_AC, ['AC']);
    await addSolution(c.admin, good, 'minus.cpp', 'C++', CXX_WA, ['WA']);
    await addSolution(c.admin, good, 'loop.cpp', 'C++', CXX_TLE, ['TLE']);
    const p = await settled(c.admin, good);
    expect(p.solutions.map((s) => [s.name, s.run.status, s.run.state])).toEqual([
      ['main.cpp', 'AC', 'agree'],
      ['main.py', 'AC', 'agree'],
      ['minus.cpp', 'WA', 'agree'],
      ['loop.cpp', 'TLE', 'agree'],
    ]);
    expect(p.summary).toMatchObject({ state: 'ok', publishable: true, total: 4, agreeing: 4, pending: 0 });
    expect(p.summary.slowest_ac?.limit_ms).toBe(300);
    expect(p.summary.messages.join('\n')).toMatch(/最慢的正确解「main\.(cpp|py)」\d+ ms \/ 时限 300 ms/);
    expect(p.solutions[0].run.tests.map((t) => t.status)).toEqual(['AC', 'AC', 'AC']);
    const published = await publish(c.admin, good);
    expect(published.code, published.message).toBe(0);
    expect((await page(c.admin, good)).visible).toBe(true);
  }, 180_000);

  it('an expected-AC solution that gets WA refuses publishing, unless forced', async () => {
    const id = await addSolution(c.admin, bad, 'wrong-but-labelled-ac.cpp', 'C++', CXX_WA, ['AC']);
    const p = await settled(c.admin, bad);
    expect(p.solutions[0]).toMatchObject({ solution_id: id, run: { status: 'WA', state: 'disagree' } });
    expect(p.summary).toMatchObject({ state: 'error', publishable: false });
    expect(p.summary.messages[0]).toBe('解法「wrong-but-labelled-ac.cpp」期望 AC，实际 WA');

    const refused = await publish(c.admin, bad);
    expect(refused.code).toBe(40900);
    expect(refused.message).toMatch(
      /^题目验证未通过，暂不能公开：解法「wrong-but-labelled-ac\.cpp」期望 AC，实际 WA/,
    );
    expect((await page(c.admin, bad)).visible).toBe(false);

    // Saving it hidden is not publishing: allowed.
    const hidden = await c.admin.post(
      `${P}/admin/modify`,
      problemBody({ problem_id: bad, time_limit: 300, visible: false }),
    );
    expect(hidden.code, hidden.message).toBe(0);

    const forced = await publish(c.admin, bad, true);
    expect(forced.code, forced.message).toBe(0);
    expect((await page(c.admin, bad)).visible).toBe(true);
  }, 180_000);

  it('jury runs are never submissions: no record, no count, no status', async () => {
    for (const id of [good, bad]) {
      const records = await c.admin.get<RecordPage>(`${P}/records?problem_id=${id}`);
      expect(records.code, records.message).toBe(0);
      expect(records.data.total).toBe(0);
      const mine = await c.admin.post<RecordPage>(`${P}/records/user/page?problem_id=${id}`);
      expect(mine.data.total).toBe(0);
      const problem = await c.user.get<{ submit_num: number; accept_num: number; my_status: string }>(
        `${P}/search/problemId?problem_id=${id}`,
      );
      expect(problem.data).toMatchObject({ submit_num: 0, accept_num: 0 });
    }
    const everyone = await c.admin.get<RecordPage>(`${P}/records`);
    expect(everyone.data.total).toBe(0);
  });

  it("jury runs are judged with the administrator's factor of their language, as submissions are", async () => {
    const id = await newProblem(c, '验证：语言时间倍率');
    const factor = (time_factor: number) =>
      c.admin.post('/api/admin/languages/factors', { language: 'C++', time_factor, memory_factor: 1 });
    expect((await factor(3)).code).toBe(0);
    try {
      await addSolution(c.admin, id, 'loop.cpp', 'C++', CXX_TLE, ['TLE']);
      await addSolution(c.admin, id, 'main.py', 'Python3', PY_AC, ['AC']);
      const p = await settled(c.admin, id);
      expect(p.solutions.map((s) => [s.name, s.run.status, s.run.limit_ms])).toEqual([
        ['loop.cpp', 'TLE', 900],
        ['main.py', 'AC', 300],
      ]);
      // The run itself had the scaled limit: it ran past the problem's 300 ms before being stopped.
      expect(p.solutions[0].run.time_ms).toBeGreaterThanOrEqual(600);
    } finally {
      await factor(1);
    }
  }, 180_000);

  it('new tests judge the solutions again; the importer entry maps labels and judges too', async () => {
    const before = await settled(c.admin, good);
    const up = await uploadZip(c.admin, good, await zipFrom([...TESTS, ['100 200\n', '300\n']]));
    expect(up.code, up.message).toBe(0);
    const after = await settled(c.admin, good);
    expect(after.solutions.map((s) => s.run.state)).toEqual(['agree', 'agree', 'agree', 'agree']);
    expect(after.solutions[0].run.tests).toHaveLength(4);
    expect(after.solutions[0].run.judged_at! > before.solutions[0].run.judged_at!).toBe(true);

    const imported = await ts.server.ctx.jury.saveJurySolutions(bad, [
      { name: 'sol_ok.cpp', language: 'C++', source: CXX_AC, expected: expectedVerdictsOf('polygon', 'OK')! },
      {
        name: 'sol_tl.cpp',
        language: 'C++',
        source: CXX_TLE,
        expected: expectedVerdictsOf('polygon', 'TO')!,
      },
      { name: 'no-language.cob', language: 'COBOL', source: 'DISPLAY 1.', expected: ['AC'] },
    ]);
    expect(imported.saved).toBe(2);
    expect(imported.warnings).toEqual([expect.stringMatching(/^解法「no-language\.cob」未保存：语言必须是/)]);
    const p = await settled(c.admin, bad);
    expect(p.solutions.slice(1).map((s) => [s.name, s.origin, s.expected, s.run.state])).toEqual([
      ['sol_ok.cpp', 'import', ['AC'], 'agree'],
      ['sol_tl.cpp', 'import', ['AC', 'TLE'], 'agree'],
    ]);
  }, 180_000);

  it('edit, run one, run all and delete', async () => {
    const id = (await page(c.admin, bad)).solutions[0].solution_id;
    const edited = await c.admin.post(`${J}/modify`, {
      solution_id: id,
      name: 'fixed.cpp',
      language: 'C++',
      source: CXX_AC,
      expected: ['AC'],
    });
    expect(edited.code, edited.message).toBe(0);
    let p = await settled(c.admin, bad);
    expect(p.solutions[0]).toMatchObject({ name: 'fixed.cpp', run: { status: 'AC', state: 'agree' } });
    expect(p.summary.state).toBe('ok');
    expect((await c.admin.post<{ count: number }>(`${J}/runOne?solution_id=${id}`)).data.count).toBe(1);
    expect((await c.admin.post<{ count: number }>(`${J}/run?problem_id=${bad}`)).data.count).toBe(3);
    p = await settled(c.admin, bad);
    expect(p.summary.agreeing).toBe(3);
    expect((await c.admin.post(`${J}/delete?solution_id=${id}`)).code).toBe(0);
    expect((await page(c.admin, bad)).solutions).toHaveLength(2);
    expect((await c.admin.post(`${J}/delete?solution_id=${id}`)).code).toBe(40400);
  }, 180_000);

  it('refuses input it cannot take, naming the field in words', async () => {
    const r = await c.admin.post(`${J}/add?problem_id=${good}`, {
      name: 'x',
      language: 'C++',
      source: CXX_AC,
      expected: [],
    });
    expect(r).toMatchObject({ code: 40000, message: '期望结果至少选一项' });
    const pd = await c.admin.post(`${J}/add?problem_id=${good}`, {
      name: 'x',
      language: 'C++',
      source: CXX_AC,
      expected: ['PD'],
    });
    expect(pd.code).toBe(40000);
    expect(pd.message).toMatch(/^期望结果只能是/);
    const missing = await c.admin.post(`${J}/add?problem_id=999999`, {
      name: 'x',
      language: 'C++',
      source: CXX_AC,
      expected: ['AC'],
    });
    expect(missing).toMatchObject({ code: 40400, message: '题目 999999 不存在' });
  });

  it('the input validator refuses a bad test upload, naming the file, and changes nothing', async () => {
    const set = await c.admin.post<{ checked: number; invalid: unknown[] }>(
      `${J}/validator/set?problem_id=${good}`,
      {
        source: VALIDATOR,
      },
    );
    expect(set.code, set.message).toBe(0);
    expect(set.data).toEqual({ checked: 4, invalid: [] });
    const before = await c.admin.post<TestCaseView[]>(`${P}/admin/testCase/get?problem_id=${good}`);

    const badZip = await zipFrom([TESTS[0], ['1 x\n', '1\n'], TESTS[2]]);
    const refused = await uploadZip(c.admin, good, badZip);
    expect(refused.code).toBe(40000);
    expect(refused.message).toBe('测试数据未通过输入校验，未保存：2.in：FAIL expected "a b" and a line end');
    const list = await c.admin.post(`${P}/admin/testCase/add?problem_id=${good}`, [
      { input: '5 3000000000\n', output: '3000000005\n' },
    ]);
    expect(list.message).toBe('测试数据未通过输入校验，未保存：第 1 组的输入：FAIL a or b out of range');
    const after = await c.admin.post<TestCaseView[]>(`${P}/admin/testCase/get?problem_id=${good}`);
    expect(after.data.map((t) => t.input_sha256)).toEqual(before.data.map((t) => t.input_sha256));

    const accepted = await uploadZip(c.admin, good, await zipFrom(TESTS));
    expect(accepted.code, accepted.message).toBe(0);
    expect((await page(c.admin, good)).validator?.source).toBe(VALIDATOR);

    const broken = await c.admin.post(`${J}/validator/set?problem_id=${good}`, { source: 'int main( {' });
    expect(broken.code).toBe(40000);
    expect(broken.message).toMatch(/^输入校验器编译失败：/);
    expect((await page(c.admin, good)).validator?.source).toBe(VALIDATOR);

    expect((await c.admin.post(`${J}/validator/delete?problem_id=${good}`)).code).toBe(0);
    expect((await uploadZip(c.admin, good, badZip)).code).toBe(0);

    // The importer's entry: a package's Kattis validator (exit 42 = valid) is kept and then checks uploads.
    const jury = ts.server.ctx.jury;
    const kattis = VALIDATOR.replace('return 0;', 'return 42;');
    expect(await jury.saveValidator(bad, { name: 'validate.py', language: 'Python3', source: 'x' })).toBe(
      '输入校验器「validate.py」不是 C++ 程序，未保存',
    );
    expect(
      await jury.saveValidator(bad, { name: 'v.cpp', language: 'C++', protocol: 'kattis', source: kattis }),
    ).toBeNull();
    expect((await page(c.admin, bad)).validator).toMatchObject({ protocol: 'kattis', files: [] });
    expect((await uploadZip(c.admin, bad, badZip)).message).toMatch(
      /^测试数据未通过输入校验，未保存：2\.in：/,
    );
    expect((await uploadZip(c.admin, bad, await zipFrom(TESTS))).code).toBe(0);
  }, 180_000);

  it('every route is the admins’: a user and a visitor are refused', async () => {
    // Runs queued by the tests before settle first: a run ending meanwhile is not a change by the refused calls.
    await expect
      .poll(async () => (await page(c.admin, good)).solutions.every((s) => s.run.state !== 'pending'), {
        timeout: 60_000,
      })
      .toBe(true);
    const p = await page(c.admin, good);
    const sid = p.solutions[0].solution_id;
    const body = { name: 'x', language: 'C++', source: CXX_AC, expected: ['AC'] };
    const calls: [string, string, unknown?][] = [
      ['GET', `${J}/list?problem_id=${good}`],
      ['POST', `${J}/list?problem_id=${good}`],
      ['POST', `${J}/add?problem_id=${good}`, body],
      ['POST', `${J}/modify`, { ...body, solution_id: sid }],
      ['POST', `${J}/delete?solution_id=${sid}`],
      ['POST', `${J}/run?problem_id=${good}`],
      ['POST', `${J}/runOne?solution_id=${sid}`],
      ['POST', `${J}/validator/set?problem_id=${good}`, { source: VALIDATOR }],
      ['POST', `${J}/validator/delete?problem_id=${good}`],
    ];
    for (const [method, path, json] of calls) {
      const init = json === undefined ? {} : { json };
      expect((await c.user.request(method, path, init)).code, `user ${method} ${path}`).toBe(40300);
      expect((await c.anon.request(method, path, init)).code, `visitor ${method} ${path}`).toBe(40101);
    }
    const still = await page(c.admin, good);
    expect(still.solutions.map((s) => [s.solution_id, s.name, s.run.judged_at])).toEqual(
      p.solutions.map((s) => [s.solution_id, s.name, s.run.judged_at]),
    );
    expect(still.validator).toBeNull();
  });
});
