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
import { fileSize, makeBoxDir, readTail, readText } from './files';
import { languageSpec, type LanguageSpec } from './languages';
import { defaultCacheRoot, defaultWorkRoot } from './paths';
import { realSandbox, type SandboxApi } from './sandbox';
import type { TestDataStore } from './testdata';
import { classifyRun, overallVerdict, scoreGroups } from './verdict';

export const DEFAULT_OUTPUT_BYTES = 64 << 20;

export interface EngineOptions {
  testData: TestDataStore;
  sandbox?: SandboxApi;
  workRoot?: string;
  cacheRoot?: string;
}

type Emit = (event: JudgeProgress) => void;

const internalError = (job: Pick<JudgeJob, 'submissionId'>, message: string, compileMessage = ''): JudgeResult => ({
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
export async function judge(input: JudgeJobInput, options: EngineOptions, onProgress: Emit = () => {}): Promise<JudgeResult> {
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

    onProgress({ submissionId: job.submissionId, kind: 'compiling' });
    const compiled = await compileInSandbox(sandbox, lang.compile(), workDir, jobDir);
    if (!compiled.ok) {
      if (compiled.internal) return internalError(job, compiled.message);
      return { submissionId: job.submissionId, status: 'CE', timeMs: 0, memoryKiB: 0, compileMessage: compiled.message, tests: [] };
    }

    let checkerDir: string | undefined;
    if (job.checker.kind === 'special') {
      const prepared = await prepareChecker(sandbox, job.checker, options.cacheRoot ?? defaultCacheRoot(), jobDir);
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
  const [inputPath, answerPath] = await Promise.all([store.path(test.inputHash), store.path(test.answerHash)]);
  const cpuMs = Math.round(job.limits.timeMs * lang.timeFactor);
  const outputBytes = job.limits.outputBytes ?? DEFAULT_OUTPUT_BYTES;
  const step = lang.run({ timeMs: cpuMs, memoryMiB: job.limits.memoryMiB });
  // Outside the work dir: the program cannot see or replace another test's files.
  const stdoutFile = join(jobDir, `out-${index}`);
  const stderrFile = join(jobDir, `err-${index}`);
  const run = await sandbox.run({
    argv: step.argv,
    workDir,
    env: step.env,
    stdinFile: inputPath,
    stdoutFile,
    stderrFile,
    limits: {
      cpuMs,
      // Generous wall time catches sleeping programs without punishing a loaded machine.
      wallMs: cpuMs * 2 + 2000,
      memoryKiB: step.memoryKiB,
      processes: step.processes,
      fileSizeBytes: outputBytes,
      openFiles: 64,
    },
  });
  const base = { name: test.name, timeMs: run.timeMs, memoryKiB: run.memoryKiB };
  const stderrTail = await readTail(stderrFile, 4096);
  // Runtimes that ignore SIGXFSZ (the JVM, Go) keep looping on failed writes until the time limit:
  // an output file that reached the cap is OLE whatever ended the program.
  if (run.outcome !== 'sandbox-error' && (await fileSize(stdoutFile)) >= outputBytes) {
    return { ...base, status: 'OLE', message: '输出超限' };
  }
  const ran = classifyRun(run, { cpuMs, memoryKiB: step.memoryKiB }, stderrTail, lang.outOfMemory);
  if (ran.verdict) return { ...base, status: ran.verdict, message: ran.message };

  try {
    if (job.checker.kind === 'special' && checkerDir) {
      const checked = await runSpecialChecker(sandbox, checkerDir, { input: inputPath, output: stdoutFile, answer: answerPath }, jobDir);
      return { ...base, status: checked.verdict, message: checked.message };
    }
    const [output, answer] = await Promise.all([readText(stdoutFile).catch(() => ''), readText(answerPath)]);
    const checked = job.checker.kind === 'float' ? compareFloat(output, answer, job.checker) : compareTokens(output, answer);
    return { ...base, status: checked.verdict, message: checked.message };
  } finally {
    await rm(stdoutFile, { force: true });
    await rm(stderrFile, { force: true });
  }
}

const safeName = (id: string) => id.replace(/[^\w-]/g, '_').slice(0, 40);
