import { chmod, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
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
import { compileInSandbox } from './compile';
import { makeBoxDir, readText } from './files';
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
  try {
    const workDir = await makeBoxDir(jobDir, 'box-');
    await writeFile(join(workDir, lang.sourceFile), job.source, { mode: 0o644 });

    // A remote worker downloads test data while the compiler runs; failures surface at the test.
    void prefetch(options.testData, job);
    onProgress({ submissionId: job.submissionId, kind: 'compiling' });
    const compiled = await compileInSandbox(sandbox, lang.compile(), workDir, jobDir);
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
      const prepared = await prepareChecker(
        sandbox,
        job.checker,
        options.cacheRoot ?? defaultCacheRoot(),
        jobDir,
      );
      if (!prepared.ok) return internalError(job, prepared.message, compiled.message);
      checkerDir = prepared.binaryDir;
    }

    const tests: TestResult[] = [];
    const total = job.tests.length;
    for (let k = 0; k < total; k++) {
      const test = job.tests[k];
      onProgress({ submissionId: job.submissionId, kind: 'running', test: k + 1, total, name: test.name });
      const result = await runOneTest(job, lang, sandbox, options.testData, workDir, jobDir, checkerDir, k);
      tests.push(result);
      onProgress({ submissionId: job.submissionId, kind: 'test', test: k + 1, total, result });
      if (result.status !== 'AC' && job.mode === 'first-failure') break;
    }

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
    await rm(jobDir, { recursive: true, force: true });
  }
}

async function runOneTest(
  job: JudgeJob,
  lang: LanguageSpec,
  sandbox: SandboxApi,
  store: TestDataStore,
  workDir: string,
  jobDir: string,
  checkerDir: string | undefined,
  index: number,
): Promise<TestResult> {
  const test = job.tests[index];
  const [inputPath, answerPath] = await Promise.all([
    store.path(test.inputHash),
    store.path(test.answerHash),
  ]);
  const ran = await runProgram(sandbox, lang, {
    buildDir: workDir,
    ioDir: jobDir,
    tag: String(index),
    inputPath,
    timeMs: job.limits.timeMs,
    memoryMiB: job.limits.memoryMiB,
    outputBytes: job.limits.outputBytes ?? DEFAULT_OUTPUT_BYTES,
  });
  const base = { name: test.name, timeMs: ran.run.timeMs, memoryKiB: ran.run.memoryKiB };
  try {
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
    const [output, answer] = await Promise.all([
      readText(ran.stdoutFile).catch(() => ''),
      readText(answerPath),
    ]);
    const checked =
      job.checker.kind === 'float'
        ? compareFloat(output, answer, job.checker)
        : compareTokens(output, answer);
    return { ...base, status: checked.verdict, message: checked.message };
  } finally {
    // 'all' mode may run hundreds of tests: never keep more than one output on disk.
    await rm(ran.stdoutFile, { force: true });
    await rm(ran.stderrFile, { force: true });
  }
}

async function prefetch(store: TestDataStore, job: JudgeJob): Promise<void> {
  for (const t of job.tests) {
    await store.path(t.inputHash).catch(() => undefined);
    await store.path(t.answerHash).catch(() => undefined);
  }
}

const safeName = (id: string) => id.replace(/[^\w-]/g, '_').slice(0, 40);
