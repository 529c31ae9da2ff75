import { chmod, copyFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  FileIo,
  GraderSpec,
  InteractorSpec,
  JudgeLimits,
  type Language,
  type LanguageOptions,
  type Verdict,
} from '@oj/shared';
import { prepareChecker } from './checkers/special';
import { compileWithCache } from './compile';
import { type CompileCache, compileCacheAt } from './compile-cache';
import { makeBoxDir, readHead, readRegularHead } from './files';
import { pipesPerLane, runInteraction } from './interactive';
import { languageSpec, type LanguageSpec } from './languages';
import { defaultCacheRoot, defaultWorkRoot } from './paths';
import { runProgram } from './run-program';
import { realSandbox, type SandboxApi } from './sandbox';
import { DEFAULT_OUTPUT_BYTES, outputFileProblem } from './test-runner';

export interface CustomRunInput {
  language: Language;
  /** C and C++: the standard and the O2 switch (absent: the defaults). */
  options?: LanguageOptions;
  source: string;
  /** The user's own input (stdin; the input file with `io`; the interactor's input file). */
  input: string;
  limits: JudgeLimits;
  /** An interactive problem: the program runs against its interactor (with an empty answer file). */
  interactor?: InteractorSpec;
  /** A file I/O problem: the input file in, the output file shown as the output. */
  io?: FileIo;
  /** A grader problem: compiled with the grader, as when judged. */
  grader?: GraderSpec;
}

export interface CustomRunResult {
  /**
   * AC means "ran to the end" (there is no answer to compare); otherwise CE/TLE/MLE/OLE/Sign/IE.
   * Interactive: the interaction's verdict as the interactor gave it (with an empty answer file).
   */
  status: Verdict;
  timeMs: number;
  memoryKiB: number;
  compileMessage: string;
  message: string;
  /**
   * The program's output, cut at `CUSTOM_OUTPUT_MAX` bytes (file I/O: its output file;
   * interactive: what a testlib interactor wrote to its output file).
   */
  stdout: string;
  stderr: string;
}

export const CUSTOM_OUTPUT_MAX = 64 * 1024;

type CustomOptions = {
  sandbox?: SandboxApi;
  workRoot?: string;
  compileCache?: CompileCache | null;
  cacheRoot?: string;
};

/** What every run of one custom test shares. */
interface CustomSetup {
  sandbox: SandboxApi;
  lang: LanguageSpec;
  limits: JudgeLimits;
  jobDir: string;
  buildDir: string;
  entry: string | undefined;
  compileMessage: string;
  interactorDir: string | undefined;
}

/**
 * Custom test (`judge/test`): compiles the user's code once and runs it on each of the user's
 * inputs, in the same sandbox and limits as judging, and returns what it printed. Nothing is stored.
 * A program that does not compile fails the same way on every input.
 */
export async function runCustomMany(
  input: Omit<CustomRunInput, 'input'> & { inputs: string[] },
  options: CustomOptions = {},
): Promise<CustomRunResult[]> {
  const limits = JudgeLimits.parse(input.limits);
  const interactor = input.interactor && InteractorSpec.parse(input.interactor);
  const io = input.io && FileIo.parse(input.io);
  const grader = input.grader && GraderSpec.parse(input.grader);
  const sandbox = options.sandbox ?? realSandbox;
  const empty = { timeMs: 0, memoryKiB: 0, compileMessage: '', stdout: '', stderr: '' };
  const forAll = (r: CustomRunResult) => input.inputs.map(() => r);
  const check = await sandbox.check();
  if (!check.ok)
    return forAll({ ...empty, status: 'IE', message: `本机无法安全运行提交的代码：${check.message}` });

  const lang = languageSpec(input.language, input.options);
  const jobDir = await makeBoxDir(options.workRoot ?? defaultWorkRoot(), 'custom-');
  await chmod(jobDir, 0o700); // only its children are for the box
  try {
    const buildDir = await makeBoxDir(jobDir, 'box-');
    const cacheRoot = options.cacheRoot ?? defaultCacheRoot();
    const compiled = await compileWithCache(
      sandbox,
      lang,
      input.source,
      buildDir,
      jobDir,
      options.compileCache === undefined ? compileCacheAt(cacheRoot) : options.compileCache,
      grader,
    );
    if (!compiled.ok)
      return forAll({
        ...empty,
        status: compiled.internal ? 'IE' : 'CE',
        compileMessage: compiled.message,
        message: '',
      });
    let interactorDir: string | undefined;
    if (interactor) {
      const prepared = await prepareChecker(
        sandbox,
        { source: interactor.source, files: interactor.files },
        cacheRoot,
        jobDir,
      );
      if (!prepared.ok)
        return forAll({
          ...empty,
          status: 'IE',
          compileMessage: compiled.message,
          message: prepared.message,
        });
      interactorDir = prepared.binaryDir;
    }
    const setup: CustomSetup = {
      sandbox,
      lang,
      limits,
      jobDir,
      buildDir,
      entry: compiled.entry,
      compileMessage: compiled.message,
      interactorDir,
    };
    const pipes = pipesPerLane(jobDir);
    const results: CustomRunResult[] = [];
    for (const [i, stdin] of input.inputs.entries()) {
      const inputPath = join(jobDir, `input-${i}`);
      await writeFile(inputPath, stdin, { mode: 0o644 });
      if (interactor) results.push(await runInteractive(setup, interactor, inputPath, i, await pipes(0)));
      else if (io) results.push(await runWithFiles(setup, io, inputPath, i));
      else results.push(await runPlain(setup, inputPath, i));
    }
    return results;
  } finally {
    await rm(jobDir, { recursive: true, force: true });
  }
}

const programOptions = (s: CustomSetup, tag: string) => ({
  buildDir: s.buildDir,
  entry: s.entry,
  ioDir: s.jobDir,
  tag,
  timeMs: s.limits.timeMs,
  memoryMiB: s.limits.memoryMiB,
  outputBytes: s.limits.outputBytes ?? DEFAULT_OUTPUT_BYTES,
});

async function runPlain(s: CustomSetup, inputPath: string, i: number): Promise<CustomRunResult> {
  const ran = await runProgram(s.sandbox, s.lang, { ...programOptions(s, `custom-${i}`), inputPath });
  return {
    status: ran.verdict ?? 'AC',
    timeMs: ran.run.timeMs,
    memoryKiB: ran.run.memoryKiB,
    compileMessage: s.compileMessage,
    message: ran.message,
    stdout: await readHead(ran.stdoutFile, CUSTOM_OUTPUT_MAX),
    stderr: await readHead(ran.stderrFile, 4096),
  };
}

/** File I/O: the input file in the box, the output file it leaves shown as the output. */
async function runWithFiles(
  s: CustomSetup,
  io: FileIo,
  inputPath: string,
  i: number,
): Promise<CustomRunResult> {
  const boxDir = await makeBoxDir(s.jobDir, `io-${i}-`);
  try {
    await copyFile(inputPath, join(boxDir, io.input));
    const ran = await runProgram(s.sandbox, s.lang, { ...programOptions(s, `custom-${i}`), boxDir });
    const output = join(boxDir, io.output);
    const missing = ran.verdict ? null : outputFileProblem(output, io.output);
    return {
      status: ran.verdict ?? 'AC',
      timeMs: ran.run.timeMs,
      memoryKiB: ran.run.memoryKiB,
      compileMessage: s.compileMessage,
      message: missing ?? ran.message,
      stdout: (await readRegularHead(output, CUSTOM_OUTPUT_MAX)) ?? '',
      stderr: await readHead(ran.stderrFile, 4096),
    };
  } finally {
    await rm(boxDir, { recursive: true, force: true });
  }
}

/** Interactive: the program against the interactor on the user's input, with an empty answer file. */
async function runInteractive(
  s: CustomSetup,
  interactor: InteractorSpec,
  inputPath: string,
  i: number,
  pipes: { toProgram: string; toInteractor: string },
): Promise<CustomRunResult> {
  const answer = join(s.jobDir, 'empty-answer');
  await writeFile(answer, '', { mode: 0o644 });
  const ran = await runInteraction(
    {
      sandbox: s.sandbox,
      lang: s.lang,
      buildDir: s.buildDir,
      entry: s.entry,
      ioDir: s.jobDir,
      interactorDir: s.interactorDir as string,
      interactor,
      limits: s.limits,
      outputBytes: s.limits.outputBytes ?? DEFAULT_OUTPUT_BYTES,
      keepTout: true,
    },
    { input: inputPath, answer },
    `custom-${i}`,
    pipes,
  );
  try {
    return {
      status: ran.outcome.verdict,
      timeMs: ran.program.run.timeMs,
      memoryKiB: ran.program.run.memoryKiB,
      compileMessage: s.compileMessage,
      message: ran.outcome.message,
      stdout: ran.tout ? ((await readRegularHead(ran.tout, CUSTOM_OUTPUT_MAX)) ?? '') : '',
      stderr: await readHead(ran.program.stderrFile, 4096),
    };
  } finally {
    await ran.cleanup();
  }
}

/** One input: see `runCustomMany`. */
export async function runCustom(
  input: CustomRunInput,
  options: CustomOptions = {},
): Promise<CustomRunResult> {
  const [result] = await runCustomMany({ ...input, inputs: [input.input] }, options);
  return result;
}
