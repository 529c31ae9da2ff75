import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type GenerationInput,
  type GenerationOptions,
  generateTests,
  realSandbox,
  type SandboxApi,
} from '@oj/judge';
import type { Problem, TestCaseView } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backends,
  type Client,
  migratedDatabase,
  startTestServer,
  type TestServer,
  TestClock,
} from '../../../test/helpers';
import { submit, verdict } from '../../../test/problems';
import type { Db } from '../../db/kysely';
import { scoped } from '../../db/scoped';
import type { ImportDeps } from './deps';
import { upload } from './import-client';
import { ImportRunner, importJob } from './jobs';
import { polygonGenerated, SUM_SOLUTION, WRONG_SOLUTION } from './package-fixtures';
import { PROBLEM_TRANSFER_TABLES } from './tables';
import { zipOf } from './test-fixtures';

const P = '/api/problem/algorithm';

/**
 * A Polygon package without its generated tests, imported over the API (issue 24): the tests are
 * made at import by the package's generators in the sandbox, their answers by its main solution;
 * a generator that fails or loops costs its test alone (said), a hostile one stays in its box.
 */
describe.each(backends())('Polygon generated tests made at import on $name', (backend) => {
  let ts: TestServer;
  let admin: Client;
  beforeAll(async () => {
    ts = await startTestServer(backend);
    admin = await ts.login(ts.admin.account, ts.admin.password);
  }, 60_000);
  afterAll(() => ts?.close());

  it('generates the tests in their places, answers them with the main solution, and judges', async () => {
    const escape = join(tmpdir(), `oj-generator-escape-${randomUUID()}`);
    // Compiles (five generators, two solutions) and one generator looping for its 10 s of CPU.
    const job = await upload(admin, await polygonGenerated(escape), 'generated.zip', 150_000);
    expect(job).toMatchObject({ status: 'done', imported: [expect.anything()] });
    const id = job.imported[0].problem_id;
    const warnings = job.warnings.join('\n');
    expect(warnings).toMatch(
      /6 个测试点由题目包的生成器在导入时生成，答案由标准程序「solutions\/sum.cpp」给出/,
    );
    expect(warnings).toMatch(
      /测试点 4（crash 1）未能生成，已略过：生成器「files\/crash.cpp」运行失败：.*crash on purpose/,
    );
    expect(warnings).toMatch(
      /测试点 7（loop）未能生成，已略过：生成器「files\/loop.cpp」运行失败：CPU 时间超限/,
    );
    expect(warnings).not.toMatch(/测试点不在包中/);

    const tests = (await admin.post<TestCaseView[]>(`${P}/admin/testCase/get?problem_id=${id}`)).data;
    const pairs = tests.map((t) => [t.input, t.output]);
    // Polygon's 1, 2, 3, 5, 6, 8, 9, 10: 4 and 7 failed, the tests after them moved up.
    expect(pairs).toHaveLength(8);
    expect(pairs.slice(0, 2)).toEqual([
      ['1 2\n', '3\n'],
      ['10 3\n', '13\n'],
    ]);
    expect(pairs.slice(3, 6)).toEqual([
      ['200 2\n', '202\n'], // multigen: file 2 of `multi 2`
      ['100 1\n', '101\n'], // its file 1, from the same run
      ['-5 5\n', '0\n'], // the package's own test 8
    ]);
    // testlib's rnd seeded by the command: the same command twice, the same test (the script's
    // `> $` is not an argument); the answer is the main solution's.
    expect(pairs[6]).toEqual(pairs[2]);
    const [a, b] = pairs[2][0].trim().split(' ').map(Number);
    expect(Math.abs(a) <= 1000 && Math.abs(b) <= 1000).toBe(true);
    expect(pairs[2][1]).toBe(`${a + b}\n`);
    // The hostile generator forked nothing and wrote nothing outside its box.
    expect(pairs[7][0]).toMatch(/^0 [01]\n$/);
    expect(existsSync(escape)).toBe(false);

    // Points follow their tests: 4 and 7 (10 each) are gone with them.
    const problem = (await admin.get<Problem>(`${P}/search/problemId?problem_id=${id}`)).data;
    expect(problem.judging.scoring).toMatchObject({
      test_points: [0, 20, 10, 10, 10, 10, 10, 10],
      full_score: 80,
    });
    const judged = async (source: string) => {
      const r = await verdict(admin, await submit(admin, id, 'C++', source));
      return [r.status, r.score];
    };
    expect(await judged(SUM_SOLUTION)).toEqual(['AC', 80]);
    expect((await judged(WRONG_SOLUTION))[0]).toBe('WA');
  }, 300_000);
});

/** One generated test, by a generator that loops until its 10 s of CPU are spent. */
const loopingPackage = () =>
  zipOf([
    [
      'problem.xml',
      `<?xml version="1.0" encoding="utf-8"?>
<problem short-name="loop"><names><name language="chinese" value="生成时停止"/></names>
  <judging><testset name="tests"><time-limit>1000</time-limit><memory-limit>268435456</memory-limit>
    <tests><test method="generated" cmd="loop 1"/></tests></testset></judging>
  <files><executables><executable><source path="files/loop.cpp" type="cpp.g++17"/></executable></executables></files>
  <assets><solutions><solution tag="main"><source path="solutions/sum.cpp" type="cpp.g++17"/></solution></solutions></assets>
</problem>`,
    ],
    ['files/loop.cpp', 'int main() { for (volatile int i = 0;; i++) {} }\n'],
    ['solutions/sum.cpp', SUM_SOLUTION],
  ]);

describe.each(backends())('a stop while tests are generated on $name', (backend) => {
  let db: Db;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ db, cleanup } = await migratedDatabase(backend));
  });
  afterAll(() => cleanup?.());

  it('ends the running generator at once, stores nothing and interrupts the job', async () => {
    const added: string[] = [];
    let generating: () => void = () => undefined;
    const started = new Promise<void>((resolve) => (generating = resolve));
    // The real sandbox, saying when the generator (the first program run) starts.
    const sandbox: SandboxApi = {
      check: () => realSandbox.check(),
      run: (spec) => {
        if (spec.argv[0] === '/prog/main') generating();
        return realSandbox.run(spec);
      },
    };
    const d = {
      db: scoped(db.db, PROBLEM_TRANSFER_TABLES),
      clock: new TestClock(),
      onError: () => undefined,
      problems: {
        addWithTests: async (input: { chinese_name: string }) => {
          added.push(input.chinese_name);
          return 1;
        },
        row: async () => undefined,
        testPairs: async () => [],
      },
      files: { saveImage: async () => '/api/files/x.png', storage: null },
      generate: (input: GenerationInput, options?: GenerationOptions) =>
        generateTests(input, { ...options, sandbox }),
    } as unknown as ImportDeps;
    const runner = new ImportRunner(d);
    const { job_id } = await runner.start(1, await loopingPackage(), 'loop.zip');
    await started;
    const stopping = Date.now();
    await runner.stop();
    // The generator had 10 s of CPU left: the stop ended its box instead of waiting.
    expect(Date.now() - stopping).toBeLessThan(5000);
    const job = await importJob(d, job_id);
    expect(job).toMatchObject({ status: 'interrupted', imported: [] });
    expect(job.warnings.join('\n')).toMatch(/「生成时停止」未导入：服务器停止时它的测试点正在生成/);
    expect(added).toEqual([]);
  }, 60_000);
});
