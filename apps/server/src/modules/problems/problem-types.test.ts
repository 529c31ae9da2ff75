import type { ProblemJudgingRaw, SubmissionRecord, TestCaseSummary } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type Client, startTestServer, type TestServer } from '../../../test/helpers';
import {
  problemBody,
  type RoleClients,
  roleClients,
  submit,
  verdict,
  watch,
  zipOf,
} from '../../../test/problems';

/**
 * Issue 24, server side: problem types and scoring judged for real (server, queue, judge, sandbox)
 * on both databases: interactive, file I/O, grader, output-only and subtasks with partial points.
 */

const P = '/api/problem/algorithm';

// Guess the number: the input is `n secret`; at most 10 queries `? x` (answered higher / lower /
// equal), then `! x`. The secret is in the input so that a custom test can run against it too.
const INTERACTOR = `#include "testlib.h"
#include <string>
int main(int argc, char* argv[]) {
  registerInteraction(argc, argv);
  int n = inf.readInt(), secret = inf.readInt();
  printf("%d\\n", n); fflush(stdout);
  for (int q = 1; q <= 10; q++) {
    std::string op = ouf.readWord();
    int x = ouf.readInt(1, n, "x");
    if (op == "!") {
      if (x == secret) quitf(_ok, "found %d in %d queries", x, q);
      quitf(_wa, "guessed %d, the number was %d", x, secret);
    }
    printf("%s\\n", secret > x ? "higher" : secret < x ? "lower" : "equal"); fflush(stdout);
  }
  quitf(_wa, "too many queries");
}
`;
const GUESS_BINARY = `#include <stdio.h>
int main(void){int n;char r[16];scanf("%d",&n);int lo=1,hi=n;
while(lo<=hi){int m=(lo+hi)/2;printf("? %d\\n",m);fflush(stdout);scanf("%15s",r);
if(r[0]=='e'){printf("! %d\\n",m);fflush(stdout);return 0;}if(r[0]=='h')lo=m+1;else hi=m-1;}return 0;}
`;
const GUESS_ONE =
  '#include <stdio.h>\nint main(void){int n;scanf("%d",&n);printf("! 1\\n");fflush(stdout);return 0;}\n';
const GUESS_LINEAR = `#include <stdio.h>
int main(void){int n;char r[16];scanf("%d",&n);for(int i=1;i<=n;i++){printf("? %d\\n",i);fflush(stdout);
if(scanf("%15s",r)!=1)return 0;if(r[0]=='e'){printf("! %d\\n",i);fflush(stdout);return 0;}}return 0;}
`;

// Partial points: one more than the answer earns half of the test.
const HALF_CHECKER = `#include "testlib.h"
int main(int argc, char* argv[]) {
  registerTestlibCmd(argc, argv);
  long long a = ans.readLong(), o = ouf.readLong();
  if (a == o) quitf(_ok, "right");
  if (o == a + 1) quitp(0.5, "off by one");
  quitf(_wa, "expected %lld, found %lld", a, o);
}
`;
// a + b, but one too many when a is 3 (test 3: half its score).
const SUM_OFF_AT_3 =
  '#include <stdio.h>\nint main(void){long long a,b;scanf("%lld %lld",&a,&b);printf("%lld\\n",a+b+(a==3));return 0;}\n';

const GRADER_H = 'long long add(long long a, long long b);\n';
const GRADER_CPP =
  '#include <cstdio>\n#include "grader.h"\nint main() { long long a, b; std::scanf("%lld %lld", &a, &b); std::printf("%lld\\n", add(a, b)); }\n';

const sumTests = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ input: `${i + 1} 1\n`, output: `${i + 2}\n` }));

describe.each(backends())('problem types and scoring (issue 24) on $name', (backend) => {
  let ts: TestServer;
  let c: RoleClients;
  let other: Client;
  beforeAll(async () => {
    ts = await startTestServer(backend, { rateLimits: { submit: { max: 1000, windowMs: 60_000 } } });
    c = await roleClients(ts, 'pt');
    other = (await ts.register('pt_other')).client;
  }, 60_000);
  afterAll(() => ts?.close());

  async function addProblem(
    judging: ProblemJudgingRaw,
    tests: { input: string; output: string }[],
    over: Record<string, unknown> = {},
  ): Promise<number> {
    const added = await c.admin.post<{ problem_id: number }>(`${P}/admin/add`, {
      ...problemBody(over),
      judging,
    });
    expect(added.message).toBe(added.code === 0 ? added.message : '');
    const id = added.data.problem_id;
    const up = await c.admin.post<TestCaseSummary>(`${P}/admin/testCase/add?problem_id=${id}`, tests);
    expect(up.code).toBe(0);
    return id;
  }

  it('interactive: correct, wrong and too many queries; a custom test talks to the interactor', async () => {
    const id = await addProblem({ type: 'interactive', interactor: { source: INTERACTOR } }, [
      { input: '100 37\n', output: '\n' },
      { input: '100 64\n', output: '\n' },
    ]);
    const seen = await c.user.get<{ judging: { type: string; interactor: unknown } }>(
      `${P}/search/problemId?problem_id=${id}`,
    );
    expect(seen.data.judging).toMatchObject({ type: 'interactive', interactor: null });
    const [right, wrong, slow] = await Promise.all(
      [GUESS_BINARY, GUESS_ONE, GUESS_LINEAR].map((src) => submit(c.user, id, 'C', src)),
    );
    const r = await verdict(c.user, right);
    expect([r.status, r.score, r.full_score]).toEqual(['AC', null, null]);
    expect((await verdict(c.user, wrong)).status).toBe('WA');
    const s = await verdict(c.admin, slow);
    expect(s.status).toBe('WA');
    expect(s.test_results[0].message).toMatch(/too many queries/);

    const custom = await c.user.post<{ status: string; output: string }[]>(`${P}/judge/test`, {
      language: 'C',
      source_code: GUESS_BINARY,
      input_list: ['50 17\n'],
      problem_id: id,
    });
    expect(custom.code).toBe(0);
    expect(custom.data[0].status).toBe('AC');
  }, 180_000);

  it('file I/O and grader problems; a grader takes C and C++ only', async () => {
    const fileIo = await addProblem({ file_io: { input: 'sum.in', output: 'sum.out' } }, sumTests(2));
    const byFiles =
      '#include <stdio.h>\nint main(void){long long a,b;FILE*i=fopen("sum.in","r"),*o=fopen("sum.out","w");fscanf(i,"%lld %lld",&a,&b);fprintf(o,"%lld\\n",a+b);return 0;}\n';
    const byStdout =
      '#include <stdio.h>\nint main(void){long long a,b;scanf("%lld %lld",&a,&b);printf("%lld\\n",a+b);return 0;}\n';
    const grader = await addProblem(
      {
        grader: {
          files: [
            { name: 'grader.cpp', content: GRADER_CPP },
            { name: 'grader.h', content: GRADER_H },
          ],
        },
      },
      sumTests(2),
    );
    const ids = await Promise.all([
      submit(c.user, fileIo, 'C', byFiles),
      submit(c.user, fileIo, 'C', byStdout),
      submit(
        c.user,
        grader,
        'C++',
        '#include "grader.h"\nlong long add(long long a, long long b) { return a + b; }\n',
      ),
    ]);
    const [files, stdout, graded] = await Promise.all(ids.map((i) => verdict(c.user, i)));
    expect([files.status, stdout.status, graded.status]).toEqual(['AC', 'WA', 'AC']);

    const python = await c.user.post(`${P}/judge/submit`, {
      problem_id: grader,
      language: 'Python3',
      source_code: 'print(1)\n',
    });
    expect([python.status, python.message]).toEqual([400, expect.stringMatching(/只接受 C 和 C\+\+/)]);
    // Solvers see the grader's header, not its source.
    const seen = await c.user.get<{ judging: { grader: { files: { name: string; content: string }[] } } }>(
      `${P}/search/problemId?problem_id=${grader}`,
    );
    expect(seen.data.judging.grader.files).toEqual([
      { name: 'grader.cpp', content: '' },
      { name: 'grader.h', content: GRADER_H },
    ]);
  }, 180_000);

  it('output-only: answers judged by points, seen by their author only; programs refused', async () => {
    const id = await addProblem({ type: 'output-only', scoring: { test_points: [30, 70] } }, sumTests(2));
    const res = await c.user.post<{ submission_id: number }>(`${P}/judge/submit-answers`, {
      problem_id: id,
      answers: [
        { test: 1, content: '2\n' },
        { test: 2, content: '4\n' },
      ],
    });
    expect(res.code).toBe(0);
    const mine = await verdict(c.user, res.data.submission_id);
    expect([mine.status, mine.language, mine.score, mine.full_score]).toEqual(['WA', null, 30, 100]);
    expect(mine.test_results.map((t) => t.score)).toEqual([
      { fraction: 1, earned: 30 },
      { fraction: 0, earned: 0 },
    ]);
    expect(mine.answer_files).toEqual([
      { test: 1, size: 2, content: '2\n' },
      { test: 2, size: 2, content: '4\n' },
    ]);
    const theirs = await verdict(other, res.data.submission_id);
    expect(theirs.answer_files?.map((a) => a.content)).toEqual([null, null]);

    // The same as a zip of N.out files.
    const zipUpload = async (entries: [string, string][]) => {
      const fd = new FormData();
      const zip = await zipOf(entries);
      fd.append('file', new Blob([new Uint8Array(zip)], { type: 'application/zip' }), 'answers.zip');
      return c.user.request<{ submission_id: number }>(
        'POST',
        `${P}/judge/submit-answers/zip?problem_id=${id}`,
        {
          body: fd,
        },
      );
    };
    const zipped = await zipUpload([
      ['out/1.out', '2\n'],
      ['out/2.out', '3\n'],
    ]);
    expect(zipped.code).toBe(0);
    const full = await verdict(c.user, zipped.data.submission_id);
    expect([full.status, full.score, full.answer_files?.map((a) => a.test)]).toEqual(['AC', 100, [1, 2]]);
    const misnamed = await zipUpload([['answer.txt', '2\n']]);
    expect([misnamed.status, misnamed.message]).toEqual([
      400,
      expect.stringMatching(/「answer.txt」不是答案文件/),
    ]);

    const program = await c.user.post(`${P}/judge/submit`, {
      problem_id: id,
      language: 'C',
      source_code: 'int main(){}',
    });
    expect([program.status, program.message]).toEqual([400, expect.stringMatching(/提交答案题/)]);
    const beyond = await c.user.post(`${P}/judge/submit-answers`, {
      problem_id: id,
      answers: [{ test: 3, content: '1\n' }],
    });
    expect([beyond.status, beyond.message]).toEqual([400, expect.stringMatching(/只有 2 个测试点/)]);
  }, 120_000);

  it('subtasks with dependencies, min and sum, partial points: record, stream, hidden tests', async () => {
    const judging: ProblemJudgingRaw = {
      scoring: {
        subtasks: [
          { points: 20, tests: [1] },
          { points: 30, tests: [2, 3], scoring: 'sum', dependencies: [1] },
          { points: 50, tests: [3, 4], dependencies: [2] },
        ],
      },
    };
    const id = await addProblem(judging, sumTests(4), { checker: { kind: 'special', source: HALF_CHECKER } });
    const sid = await submit(c.user, id, 'C', SUM_OFF_AT_3);
    const events = await watch(ts, c.user, sid);
    const done = events.at(-1)!;
    expect(done.kind).toBe('done');
    const record = (done as { record: SubmissionRecord }).record;
    expect([record.status, record.score, record.full_score]).toEqual(['WA', 42.5, 100]);
    expect(record.subtasks.map((s) => [s.subtask, s.points, s.score, s.blocked_by])).toEqual([
      [1, 20, 20, null],
      [2, 30, 22.5, null],
      [3, 50, 0, 2],
    ]);
    const testEvents = events.filter((e) => e.kind === 'test');
    expect(testEvents.find((e) => e.result.index === 3)?.result.score?.fraction).toBe(0.5);
    // Test 3 is hidden (not a sample): its checker message is not shown, its score is.
    const shown = (await verdict(c.user, sid)).test_results.find((t) => t.index === 3)!;
    expect([shown.detail, shown.message, shown.score?.fraction]).toEqual([false, '', 0.5]);
    const forOther = await verdict(other, sid);
    expect([forOther.source_code, forOther.score]).toEqual([null, 42.5]);
    const forAdmin = (await verdict(c.admin, sid)).test_results.find((t) => t.index === 3)!;
    expect(forAdmin.message).toMatch(/off by one/);

    // Fewer tests than the subtasks name: stored with a warning, then submissions are refused.
    const up = await c.admin.post<TestCaseSummary>(`${P}/admin/testCase/add?problem_id=${id}`, sumTests(2));
    expect(up.data.warnings).toEqual([
      expect.stringMatching(/子任务 2 引用了不存在的测试点 3/),
      expect.anything(),
    ]);
    const refused = await c.user.post(`${P}/judge/submit`, {
      problem_id: id,
      language: 'C',
      source_code: SUM_OFF_AT_3,
    });
    expect([refused.status, refused.message]).toEqual([
      400,
      expect.stringMatching(/评分设置与测试数据不一致/),
    ]);
  }, 180_000);

  it('refuses bad judging settings in words', async () => {
    const bad = async (judging: unknown) => {
      const r = await c.admin.post(`${P}/admin/add`, { ...problemBody(), judging });
      expect(r.status).toBe(400);
      return r.message;
    };
    expect(await bad({ type: 'interactive' })).toMatch(/交互题需要交互程序/);
    expect(await bad({ type: 'output-only', file_io: { input: 'a.in', output: 'a.out' } })).toMatch(
      /文件输入输出只用于传统题/,
    );
    expect(await bad({ file_io: { input: 'a', output: 'a' } })).toMatch(/输入文件名与输出文件名不能相同/);
    expect(await bad({ scoring: { full_score: 100, subtasks: [{ points: 40, tests: [1] }] } })).toMatch(
      /子任务分值之和（40）必须等于满分（100）/,
    );
    expect(
      await bad({
        scoring: {
          subtasks: [
            { points: 50, tests: [1], dependencies: [2] },
            { points: 50, tests: [2], dependencies: [1] },
          ],
        },
      }),
    ).toMatch(/依赖不能成环/);
    expect(await bad({ scoring: { subtasks: [{ points: 10, tests: [0] }] } })).toMatch(/测试点编号从 1 开始/);
  }, 60_000);
});
