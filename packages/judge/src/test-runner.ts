import { chmod, copyFile, rm, writeFile } from 'node:fs/promises';
import { lstatSync } from 'node:fs';
import { join } from 'node:path';
import type { JudgeJob, TestResult } from '@oj/shared';
import { compareFloat, compareTokens } from './checkers/compare';
import type { CheckOutcome } from './checkers/protocols';
import { runSpecialChecker } from './checkers/special';
import { makeBoxDir, readTextFast } from './files';
import { runInteraction, type InteractionSetup, type Pipes } from './interactive';
import type { LanguageSpec } from './languages';
import { runProgram } from './run-program';
import type { SandboxApi } from './sandbox';
import type { TestDataStore } from './testdata';

export const DEFAULT_OUTPUT_BYTES = 64 << 20;

/** What every test of one judged submission runs with. */
export interface TestRun {
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
  /** The compiled interactor, for an interactive problem. */
  interactorDir: string | undefined;
  /** The lane's pipes (interactive problems). */
  pipes: (lane: number) => Promise<Pipes>;
}

/** One test as judged: its result, and the fraction of its score it earned (AC 1, partial, else 0). */
export interface TestOutcome {
  result: TestResult;
  fraction: number;
}

const outputBytesOf = (job: JudgeJob) => job.limits.outputBytes ?? DEFAULT_OUTPUT_BYTES;

/** Judges test `index` of the job on `lane`, by the problem's type. */
export async function judgeTest(run: TestRun, index: number, lane: number): Promise<TestOutcome> {
  const test = run.job.tests[index];
  const [inputPath, answerPath] = await Promise.all([
    run.store.path(test.inputHash),
    run.store.path(test.answerHash),
  ]);
  const files = { input: inputPath, answer: answerPath };
  switch (run.job.type ?? 'batch') {
    case 'output-only':
      return judgeAnswerFile(run, index, lane, files);
    case 'interactive':
      return judgeInteraction(run, index, lane, files);
    default:
      return run.job.io ? judgeFileIo(run, index, lane, files) : judgeStdio(run, index, lane, files);
  }
}

const done = (
  name: string,
  checked: CheckOutcome,
  measured: { timeMs: number; memoryKiB: number } = { timeMs: 0, memoryKiB: 0 },
): TestOutcome => ({
  result: {
    name,
    status: checked.verdict,
    timeMs: measured.timeMs,
    memoryKiB: measured.memoryKiB,
    message: checked.message,
  },
  fraction: checked.fraction,
});

/** The problem's checker on one output: the special checker by its protocol, or a comparison. */
export async function checkOutput(
  run: Pick<TestRun, 'job' | 'sandbox' | 'checkerDir' | 'jobDir'>,
  files: { input: string; output: string; answer: string },
): Promise<CheckOutcome> {
  const checker = run.job.checker;
  if (checker.kind === 'special' && run.checkerDir)
    return runSpecialChecker(run.sandbox, run.checkerDir, files, run.jobDir, {
      protocol: checker.protocol,
      flags: checker.flags,
    });
  const output = await readTextFast(files.output).catch(() => '');
  const answer = await readTextFast(files.answer);
  const compared =
    checker.kind === 'float'
      ? compareFloat(output, answer, checker)
      : compareTokens(output, answer, {
          caseInsensitive: checker.kind === 'default' && checker.caseInsensitive,
        });
  return { ...compared, fraction: compared.verdict === 'AC' ? 1 : 0 };
}

/** A program reading stdin and writing stdout. */
async function judgeStdio(
  run: TestRun,
  index: number,
  lane: number,
  files: { input: string; answer: string },
): Promise<TestOutcome> {
  const { job } = run;
  // Each lane reuses its own output files (the sandbox truncates them): at most one output per
  // lane is ever on disk, even in 'all' mode over hundreds of tests, and nothing to remove per test.
  const ran = await runProgram(run.sandbox, run.lang, {
    buildDir: run.workDir,
    entry: run.entry,
    ioDir: run.jobDir,
    tag: `lane-${lane}`,
    inputPath: files.input,
    timeMs: job.limits.timeMs,
    memoryMiB: job.limits.memoryMiB,
    outputBytes: outputBytesOf(job),
  });
  const measured = { timeMs: ran.run.timeMs, memoryKiB: ran.run.memoryKiB };
  const name = job.tests[index].name;
  if (ran.verdict) return done(name, { verdict: ran.verdict, message: ran.message, fraction: 0 }, measured);
  return done(name, await checkOutput(run, { ...files, output: ran.stdoutFile }), measured);
}

/**
 * NOI-style file I/O: the input is copied into the box's working directory under its name; the
 * output file the program leaves there is checked (its stdout is only capped). The box's files come
 * back to a directory of the job's own and go with it.
 */
async function judgeFileIo(
  run: TestRun,
  index: number,
  lane: number,
  files: { input: string; answer: string },
): Promise<TestOutcome> {
  const { job } = run;
  const io = job.io as NonNullable<JudgeJob['io']>;
  const name = job.tests[index].name;
  const boxDir = await makeBoxDir(run.jobDir, `io-${lane}-`);
  try {
    const inBox = join(boxDir, io.input);
    await copyFile(files.input, inBox);
    await chmod(inBox, 0o644); // test data may be private to us; the box's uid reads it
    const ran = await runProgram(run.sandbox, run.lang, {
      buildDir: run.workDir,
      entry: run.entry,
      ioDir: run.jobDir,
      tag: `lane-${lane}`,
      boxDir,
      timeMs: job.limits.timeMs,
      memoryMiB: job.limits.memoryMiB,
      outputBytes: outputBytesOf(job),
    });
    const measured = { timeMs: ran.run.timeMs, memoryKiB: ran.run.memoryKiB };
    if (ran.verdict) return done(name, { verdict: ran.verdict, message: ran.message, fraction: 0 }, measured);
    const output = join(boxDir, io.output);
    const missing = outputFileProblem(output, io.output);
    if (missing) return done(name, { verdict: 'WA', message: missing, fraction: 0 }, measured);
    await chmod(output, 0o644); // the program chose its mode; a checker (another uid) reads it
    return done(name, await checkOutput(run, { ...files, output }), measured);
  } finally {
    await rm(boxDir, { recursive: true, force: true });
  }
}

/** Why the output file a box left cannot be checked (missing, or not a regular file), or null. */
export function outputFileProblem(path: string, shownName: string): string | null {
  const st = lstatSync(path, { throwIfNoEntry: false });
  if (!st) return `没有找到输出文件 ${shownName}`;
  if (!st.isFile()) return `输出文件 ${shownName} 不是普通文件`;
  return null;
}

/** Output-only: the submitted answer file of the test, checked; none submitted is WA. */
async function judgeAnswerFile(
  run: TestRun,
  index: number,
  lane: number,
  files: { input: string; answer: string },
): Promise<TestOutcome> {
  const name = run.job.tests[index].name;
  const submitted = run.job.answers?.find((a) => a.test === name);
  if (!submitted)
    return done(name, { verdict: 'WA', message: `没有提交测试点 ${name} 的答案文件`, fraction: 0 });
  let output: string;
  if (submitted.hash) output = await run.store.path(submitted.hash);
  else {
    output = join(run.jobDir, `answer-${lane}`);
    await writeFile(output, submitted.content ?? '', { mode: 0o644 });
  }
  return done(name, await checkOutput(run, { ...files, output }));
}

/** Interactive: the program against the interactor; a testlib interactor's `tout` then checked, if any checker. */
async function judgeInteraction(
  run: TestRun,
  index: number,
  lane: number,
  files: { input: string; answer: string },
): Promise<TestOutcome> {
  const { job } = run;
  const name = job.tests[index].name;
  const interactor = job.interactor as NonNullable<JudgeJob['interactor']>;
  const withChecker = job.checker.kind === 'special' && (interactor.protocol ?? 'testlib') === 'testlib';
  const setup: InteractionSetup = {
    sandbox: run.sandbox,
    lang: run.lang,
    buildDir: run.workDir,
    entry: run.entry,
    ioDir: run.jobDir,
    interactorDir: run.interactorDir as string,
    interactor,
    limits: job.limits,
    outputBytes: outputBytesOf(job),
    keepTout: withChecker,
  };
  const ran = await runInteraction(setup, files, `lane-${lane}`, await run.pipes(lane));
  try {
    const measured = { timeMs: ran.program.run.timeMs, memoryKiB: ran.program.run.memoryKiB };
    if (!ran.outcome.accepted || !withChecker) return done(name, ran.outcome, measured);
    let tout = ran.tout;
    if (tout)
      await chmod(tout, 0o644); // the interactor chose its mode; the checker (another uid) reads it
    else {
      tout = join(run.jobDir, `empty-tout-${lane}`);
      await writeFile(tout, '');
    }
    return done(name, await checkOutput(run, { ...files, output: tout }), measured);
  } finally {
    await ran.cleanup();
  }
}
