import { chmod, rm } from 'node:fs/promises';
import {
  JudgeJob as JudgeJobSchema,
  type JudgeJob,
  type JudgeJobInput,
  type JudgeProgress,
  type JudgeResult,
  type Language,
} from '@oj/shared';
import { prepareChecker } from './checkers/special';
import { compileWithCache, type BuildOutcome } from './compile';
import { type CompileCache, compileCacheAt } from './compile-cache';
import { makeBoxDir } from './files';
import { pipesPerLane } from './interactive';
import { type CorePool, judgeCores, runInLanesSkipping } from './lanes';
import { languageSpec } from './languages';
import { installCommand, isInstalled } from './languages/toolchains';
import { compilerLine } from './languages/describe';
import { defaultCacheRoot, defaultWorkRoot } from './paths';
import { realSandbox, type SandboxApi } from './sandbox';
import {
  canSkip,
  planScoring,
  scoredFields,
  scoreJob,
  testEarned,
  withTestScore,
  type ScoredTest,
  type ScoringPlan,
} from './scoring';
import type { TestDataStore } from './testdata';
import { judgeTest, type TestOutcome, type TestRun } from './test-runner';
import { overallVerdict } from './verdict';

export { DEFAULT_OUTPUT_BYTES } from './test-runner';

export interface EngineOptions {
  testData: TestDataStore;
  sandbox?: SandboxApi;
  workRoot?: string;
  cacheRoot?: string;
  /** Where successful compiles are kept (default `<cacheRoot>/compiled`; null: compile every time). */
  compileCache?: CompileCache | null;
  /** The cores judging may use (default: this process's pool, `OJ_JUDGE_CORES`). */
  cores?: CorePool;
  /** Whether this machine has a language's toolchain (default: looks; a missing one, in tests). */
  installed?: (language: Language) => boolean;
}

type Emit = (event: JudgeProgress) => void;

/** Output-only jobs compile nothing. */
const NOTHING_TO_COMPILE: BuildOutcome = {
  ok: true,
  message: '',
  run: { outcome: 'exited', exitCode: 0, signal: null, timeMs: 0, wallMs: 0, memoryKiB: 0 },
};

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
 * Judges one submission: compile in the box, run each test in the box (by the problem's type:
 * docs/problem-types.md), check, score, aggregate.
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

  const lang = languageSpec(job.language, job.options);
  // The site offers only languages it has, but a remote worker may lack one: say which, and how to
  // mend it (rejudge after installing), instead of a compiler that cannot start.
  if (job.type !== 'output-only' && !(options.installed ?? isInstalled)(job.language))
    return internalError(
      job,
      `本评测机未安装 ${job.language}：请管理员在评测机上运行「${installCommand(job.language)}」后重新评测`,
    );
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
    const compiled: BuildOutcome =
      job.type === 'output-only'
        ? NOTHING_TO_COMPILE
        : await compileWithCache(
            sandbox,
            lang,
            job.source,
            workDir,
            jobDir,
            options.compileCache === undefined ? compileCacheAt(cacheRoot) : options.compileCache,
            job.grader,
          );
    if (!compiled.ok) {
      if (compiled.internal) return internalError(job, compiled.message);
      return {
        submissionId: job.submissionId,
        status: 'CE',
        timeMs: 0,
        memoryKiB: 0,
        compileMessage: compiled.message,
        compiler: await compilerLine(lang, job.source),
        tests: [],
      };
    }

    const programs = await prepareJudgePrograms(sandbox, job, cacheRoot, jobDir);
    if (!programs.ok) return internalError(job, programs.message, compiled.message);

    const run: TestRun = {
      job,
      lang,
      sandbox,
      store: options.testData,
      workDir,
      entry: compiled.entry,
      jobDir,
      checkerDir: programs.checkerDir,
      interactorDir: programs.interactorDir,
      pipes: pipesPerLane(jobDir),
    };
    const plan = planScoring(job);
    const outcomes = await runTests(run, plan, cores, onProgress);
    const judged = outcomes.flatMap((o, k) => (o ? [{ o, k }] : []));
    const scored = plan
      ? scoreJob(
          plan,
          outcomes.map(scoredTest),
          job.tests.map((t) => t.name),
        )
      : undefined;
    const tests = judged.map(({ o, k }) =>
      plan ? withTestScore(plan, o.result, o.fraction, scored?.earned?.[k]) : o.result,
    );
    const result: JudgeResult = {
      submissionId: job.submissionId,
      status: overallVerdict(tests),
      timeMs: Math.max(0, ...tests.map((t) => t.timeMs)),
      memoryKiB: Math.max(0, ...tests.map((t) => t.memoryKiB)),
      compileMessage: compiled.message,
      ...(job.type === 'output-only' ? {} : { compiler: await compilerLine(lang, job.source) }),
      tests,
    };
    if (job.tests.length === 0) result.message = '题目没有测试数据';
    if (plan && scored) Object.assign(result, scoredFields(plan, scored));
    return result;
  } finally {
    cores.release();
    await rm(jobDir, { recursive: true, force: true });
  }
}

const scoredTest = (o: TestOutcome | undefined): ScoredTest | undefined =>
  o && { status: o.result.status, fraction: o.fraction };

/**
 * Runs the tests in lanes, reporting progress in test order. Unscored jobs (and legacy groups)
 * stop at the first failure in 'first-failure' mode; scored jobs run every test except those the
 * scoring says can earn nothing more.
 */
async function runTests(
  run: TestRun,
  plan: ScoringPlan | null,
  cores: CorePool,
  onProgress: Emit,
): Promise<(TestOutcome | undefined)[]> {
  const { job } = run;
  const total = job.tests.length;
  const stopAtFailure = (!plan || plan.legacyGroups) && job.mode === 'first-failure';
  const skip = (k: number, earlier: ReadonlyArray<TestOutcome | undefined>) =>
    !!plan && canSkip(plan, k, earlier.map(scoredTest));
  const reported: (TestOutcome | undefined)[] = [];
  const running = (k: number) =>
    onProgress({
      submissionId: job.submissionId,
      kind: 'running',
      test: k + 1,
      total,
      name: job.tests[k].name,
    });
  /** The next test after `k` that will run (those before it are skipped, on final results). */
  const nextToRun = (k: number) => {
    let j = k + 1;
    while (j < total && skip(j, reported.slice(0, j))) j++;
    return j;
  };
  // Progress keeps its order whatever runs side by side: running k, its result, running k + 1…
  // ("running" names the first test without a result yet).
  if (total > 0) running(0);
  return runInLanesSkipping<TestOutcome>({
    total,
    run: (k, lane) => judgeTest(run, k, lane),
    failed: (o) => o.result.status !== 'AC',
    stopAtFailure,
    skip,
    onResult: (k, o) => {
      reported[k] = o;
      const result = plan
        ? withTestScore(plan, o.result, o.fraction, testEarned(plan, k, o.fraction))
        : o.result;
      onProgress({ submissionId: job.submissionId, kind: 'test', test: k + 1, total, result });
      const next = nextToRun(k);
      if (next < total && !(stopAtFailure && o.result.status !== 'AC')) running(next);
    },
    pool: cores,
    maxLanes: job.type === 'interactive' ? Math.floor(cores.capacity / 2) : undefined,
  });
}

type PreparedPrograms =
  { ok: true; checkerDir?: string; interactorDir?: string } | { ok: false; message: string };

/** Compiles (or finds in the cache) the problem's special checker and interactor. */
async function prepareJudgePrograms(
  sandbox: SandboxApi,
  job: JudgeJob,
  cacheRoot: string,
  jobDir: string,
): Promise<PreparedPrograms> {
  let checkerDir: string | undefined;
  if (job.checker.kind === 'special') {
    const prepared = await prepareChecker(sandbox, job.checker, cacheRoot, jobDir);
    if (!prepared.ok) return prepared;
    checkerDir = prepared.binaryDir;
  }
  let interactorDir: string | undefined;
  if (job.type === 'interactive' && job.interactor) {
    const { source, files } = job.interactor;
    const prepared = await prepareChecker(sandbox, { source, files }, cacheRoot, jobDir);
    if (!prepared.ok) return { ok: false, message: prepared.message.replace(/^特判程序/, '交互程序') };
    interactorDir = prepared.binaryDir;
  }
  return { ok: true, checkerDir, interactorDir };
}

async function prefetch(store: TestDataStore, job: JudgeJob): Promise<void> {
  for (const t of job.tests) {
    await store.path(t.inputHash).catch(() => undefined);
    await store.path(t.answerHash).catch(() => undefined);
  }
  for (const a of job.answers ?? []) if (a.hash) await store.path(a.hash).catch(() => undefined);
}

const safeName = (id: string) => id.replace(/[^\w-]/g, '_').slice(0, 40);
