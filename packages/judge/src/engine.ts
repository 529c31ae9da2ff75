import { chmod, rm } from 'node:fs/promises';
import {
  JudgeJob as JudgeJobSchema,
  type JudgeJob,
  type JudgeJobInput,
  type JudgeProgress,
  type JudgeResult,
  type TestResult,
} from '@oj/shared';
import { compareFloat, compareTokens } from './checkers/compare';
import { prepareChecker, runSpecialChecker } from './checkers/special';
import { compileWithCache } from './compile';
import { type CompileCache, compileCacheAt } from './compile-cache';
import { makeBoxDir, readTextFast } from './files';
import { type CorePool, judgeCores, runInLanes } from './lanes';
import { languageSpec, type LanguageSpec } from './languages';
import { defaultCacheRoot, defaultWorkRoot } from './paths';
import { realSandbox, type SandboxApi } from './sandbox';
import type { TestDataStore } from './testdata';
import { runProgram } from './run-program';
import { overallVerdict, scoreGroups } from './verdict';

export const DEFAULT_OUTPUT_BYTES = 64 << 20;

export interface EngineOptions {
  testData: TestDataStore;
  sandbox?: SandboxApi;
  workRoot?: string;
  cacheRoot?: string;
  /** Where successful compiles are kept (default `<cacheRoot>/compiled`; null: compile every time). */
  compileCache?: CompileCache | null;
  /** The cores judging may use (default: this process's pool, `OJ_JUDGE_CORES`). */
  cores?: CorePool;
}

type Emit = (event: JudgeProgress) => void;

const internalError = (
  job: Pick<JudgeJob, 'submissionId'>,
  message: string,
  compileMessage = '',
): JudgeResult => ({
  submissionId: job.submissionId,
  status: 'IE',
  timeMs: 0,
  memoryKiB: 0,
  compileMessage,
  message,
  tests: [],
});

/**
 * Judges one submission: compile in the box, run each test in the box, check, aggregate.
 * Failures of the test-data store are thrown (the queue retries them); everything about the
 * submission itself, and a host that cannot sandbox, ends as a verdict.
 */
export async function judge(
  input: JudgeJobInput,
  options: EngineOptions,
  onProgress: Emit = () => {},
): Promise<JudgeResult> {
  const job = JudgeJobSchema.parse(input);
  const sandbox = options.sandbox ?? realSandbox;
  const check = await sandbox.check();
  if (!check.ok) return internalError(job, `本机无法安全运行提交的代码：${check.message}`);

  const lang = languageSpec(job.language);
  const jobDir = await makeBoxDir(options.workRoot ?? defaultWorkRoot(), `${safeName(job.submissionId)}-`);
  await chmod(jobDir, 0o700); // only its children are for the box
  const cores = options.cores ?? judgeCores;
  cores.hold(); // this submission's own core; its tests may borrow idle ones (runInLanes)
  try {
    const workDir = await makeBoxDir(jobDir, 'box-');

    // A remote worker downloads test data while the compiler runs; failures surface at the test.
    void prefetch(options.testData, job);
    onProgress({ submissionId: job.submissionId, kind: 'compiling' });
    const cacheRoot = options.cacheRoot ?? defaultCacheRoot();
    const compiled = await compileWithCache(
      sandbox,
      lang,
      job.source,
      workDir,
      jobDir,
      options.compileCache === undefined ? compileCacheAt(cacheRoot) : options.compileCache,
    );
    if (!compiled.ok) {
      if (compiled.internal) return internalError(job, compiled.message);
      return {
        submissionId: job.submissionId,
        status: 'CE',
        timeMs: 0,
        memoryKiB: 0,
        compileMessage: compiled.message,
        tests: [],
      };
    }

    let checkerDir: string | undefined;
    if (job.checker.kind === 'special') {
      const prepared = await prepareChecker(sandbox, job.checker, cacheRoot, jobDir);
      if (!prepared.ok) return internalError(job, prepared.message, compiled.message);
      checkerDir = prepared.binaryDir;
    }

    const total = job.tests.length;
    const run: TestRun = {
      job,
      lang,
      sandbox,
      store: options.testData,
      workDir,
      entry: compiled.entry,
      jobDir,
      checkerDir,
    };
    const stopAtFailure = job.mode === 'first-failure';
    const running = (k: number) =>
      onProgress({
        submissionId: job.submissionId,
        kind: 'running',
        test: k + 1,
        total,
        name: job.tests[k].name,
      });
    // Progress keeps its order whatever runs side by side: running k, its result, running k + 1…
    // ("running" names the first test without a result yet).
    if (total > 0) running(0);
    const tests = await runInLanes<TestResult>({
      total,
      run: (k, lane) => runOneTest(run, k, lane),
      failed: (r) => r.status !== 'AC',
      stopAtFailure,
      onResult: (k, result) => {
        onProgress({ submissionId: job.submissionId, kind: 'test', test: k + 1, total, result });
        if (k + 1 < total && !(stopAtFailure && result.status !== 'AC')) running(k + 1);
      },
      pool: cores,
    });

    const result: JudgeResult = {
      submissionId: job.submissionId,
      status: overallVerdict(tests),
      timeMs: Math.max(0, ...tests.map((t) => t.timeMs)),
      memoryKiB: Math.max(0, ...tests.map((t) => t.memoryKiB)),
      compileMessage: compiled.message,
      tests,
    };
    if (total === 0) result.message = '题目没有测试数据';
    if (job.groups) Object.assign(result, scoreGroups(job.groups, tests));
    return result;
  } finally {
    cores.release();
    await rm(jobDir, { recursive: true, force: true });
  }
}

/** What every test of one judged submission runs with: the compiled program, its dirs, the checker. */
interface TestRun {
  job: JudgeJob;
  lang: LanguageSpec;
  sandbox: SandboxApi;
  store: TestDataStore;
  /** Where the program was built (read-only for the runs). */
  workDir: string;
  /** What the compile left to run, when the language needs it named (Java's main class). */
  entry: string | undefined;
  /** The job's private directory: each test's input, output and error files. */
  jobDir: string;
  /** The compiled special checker, when the problem has one. */
  checkerDir: string | undefined;
}

async function runOneTest(run: TestRun, index: number, lane: number): Promise<TestResult> {
  const { job, lang, sandbox, store, workDir, entry, jobDir, checkerDir } = run;
  const test = job.tests[index];
  const [inputPath, answerPath] = await Promise.all([
    store.path(test.inputHash),
    store.path(test.answerHash),
  ]);
  // Each lane reuses its own output files (the sandbox truncates them): at most one output per
  // lane is ever on disk, even in 'all' mode over hundreds of tests, and nothing to remove per test.
  const ran = await runProgram(sandbox, lang, {
    buildDir: workDir,
    entry,
    ioDir: jobDir,
    tag: `lane-${lane}`,
    inputPath,
    timeMs: job.limits.timeMs,
    memoryMiB: job.limits.memoryMiB,
    outputBytes: job.limits.outputBytes ?? DEFAULT_OUTPUT_BYTES,
  });
  const base = { name: test.name, timeMs: ran.run.timeMs, memoryKiB: ran.run.memoryKiB };
  if (ran.verdict) return { ...base, status: ran.verdict, message: ran.message };
  if (job.checker.kind === 'special' && checkerDir) {
    const checked = await runSpecialChecker(
      sandbox,
      checkerDir,
      { input: inputPath, output: ran.stdoutFile, answer: answerPath },
      jobDir,
    );
    return { ...base, status: checked.verdict, message: checked.message };
  }
  const output = await readTextFast(ran.stdoutFile).catch(() => '');
  const answer = await readTextFast(answerPath);
  const checked =
    job.checker.kind === 'float'
      ? compareFloat(output, answer, job.checker)
      : compareTokens(output, answer, {
          caseInsensitive: job.checker.kind === 'default' && job.checker.caseInsensitive,
        });
  return { ...base, status: checked.verdict, message: checked.message };
}

async function prefetch(store: TestDataStore, job: JudgeJob): Promise<void> {
  for (const t of job.tests) {
    await store.path(t.inputHash).catch(() => undefined);
    await store.path(t.answerHash).catch(() => undefined);
  }
}

const safeName = (id: string) => id.replace(/[^\w-]/g, '_').slice(0, 40);
