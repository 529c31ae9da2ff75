import { constants } from 'node:fs';
import { chmod, open, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Limits } from '@oj/sandbox';
import type { Language } from '@oj/shared';
import { SHIPPED_TESTLIB } from './checkers/special';
import { compileWithCache } from './compile';
import { fileSizeSync, makeBoxDir, readHeadSync } from './files';
import { languageSpec, type LanguageSpec, PROGRAM_DIR } from './languages';
import { defaultWorkRoot } from './paths';
import { emptyBoxDir, runProgram } from './run-program';
import { realSandbox, type SandboxApi } from './sandbox';
import { classifyRun } from './verdict';

/**
 * Test generation (issue 24): a problem package that describes its tests as generator commands
 * instead of shipping them (Polygon's `<test method="generated" cmd="gen 10 3"/>`) gets them here,
 * at import time: each generator compiled once and run per command in the box, the command's
 * arguments as real arguments (no shell), its stdout the input; the main solution then run on each
 * input in the box, its stdout the answer. Only C and C++ programs are run.
 */

/** A generator or the main solution as the package gives it. */
export interface GenerationProgram {
  /** How messages name it (where it was in the package: `files/gen.cpp`). */
  name: string;
  /** Ours when we know it; only C and C++ are run. */
  language: Language | null;
  source: string;
  /** Files compiled beside it (the package's testlib.h; ours is added when it brings none). */
  files?: { name: string; content: string }[];
}

/** One test to make: `generator args…`. */
export interface GenerationCommand {
  /** The generator as commands call it (Polygon: the source's name without extension, `gen`). */
  generator: string;
  args: string[];
  /**
   * A generator that writes several tests as files in its working directory (testlib's multigen):
   * the file holding this test. Commands alike run the generator once.
   */
  fromFile?: string;
}

export interface GenerationInput {
  /** By the name commands call them. */
  generators: Record<string, GenerationProgram>;
  /** Writes the answers. */
  solution: GenerationProgram;
  commands: GenerationCommand[];
  /** What the main solution may use per test (the caller's choice: the problem's, doubled). */
  solutionLimits: { timeMs: number; memoryMiB: number };
  /** Largest input or answer, in bytes. */
  testBytes: number;
  /** All inputs and answers together, in bytes: the tests past it are not made. */
  totalBytes: number;
  /** Wall time of the whole generation: the commands not started by then are not run. */
  budgetMs: number;
}

export type GeneratedTest = { ok: true; input: Buffer; output: Buffer } | { ok: false; message: string };

export type GenerationResult =
  /** Nothing could be made (no safe sandbox, the main solution does not build). */
  | { ok: false; message: string }
  /**
   * One entry per command run, in order; `cut` commands after them were not run (the budget
   * of time or bytes ran out, or the caller stopped it), `cutReason` says which.
   */
  | { ok: true; tests: GeneratedTest[]; cut: number; cutReason?: string };

export interface GenerationOptions {
  sandbox?: SandboxApi;
  workRoot?: string;
  /**
   * Stops the generation: a generator's run ends at once, no command starts after it; the answer
   * holds what was made before.
   */
  signal?: AbortSignal;
  /** Limits of one generator run (default GENERATOR_LIMITS: tests use smaller ones). */
  generatorLimits?: Pick<Limits, 'cpuMs' | 'wallMs' | 'memoryKiB'>;
}

/** One generator run: 10 s of CPU, 1 GiB, one process (a fork bomb forks nothing). */
export const GENERATOR_LIMITS = { cpuMs: 10_000, wallMs: 30_000, memoryKiB: 1024 * 1024 };

/** A generator's or the solution's stderr shown in a message (testlib: `FAIL …`). */
const STDERR_SHOWN = 200;
/** Test package compiles include testlib.h, which takes seconds: the checkers' compile limit. */
const COMPILE_LIMITS = { cpuMs: 30_000, wallMs: 60_000 };
/** What a multigen command may leave in its working directory besides the test it names. */
const SAFE_FILE = /^(?!\.\.?$)[\w.-]{1,64}$/;

type Built =
  { ok: true; lang: LanguageSpec; buildDir: string; entry?: string } | { ok: false; message: string };

const isRunnable = (language: Language | null): language is 'C' | 'C++' =>
  language === 'C' || language === 'C++';

/**
 * Makes one test per command, in order: a command that fails costs its test alone (its entry says
 * why); the generation as a whole fails only when nothing can run. Never throws for the programs'
 * sake.
 */
export async function generateTests(
  input: GenerationInput,
  options: GenerationOptions = {},
): Promise<GenerationResult> {
  const sandbox = options.sandbox ?? realSandbox;
  const check = await sandbox.check();
  if (!check.ok) return { ok: false, message: `本机无法安全运行生成器：${check.message}` };
  if (!isRunnable(input.solution.language))
    return {
      ok: false,
      message: `标准程序「${input.solution.name}」不是 C/C++ 程序，本站无法运行它生成答案`,
    };
  const started = Date.now();
  const jobDir = await makeBoxDir(options.workRoot ?? defaultWorkRoot(), 'generate-');
  await chmod(jobDir, 0o700); // only its children are for the box (as custom tests do)
  try {
    const solution = await build(sandbox, input.solution, jobDir, false);
    if (!solution.ok) return { ok: false, message: `标准程序「${input.solution.name}」${solution.message}` };
    const run: RunContext = {
      sandbox,
      input,
      jobDir,
      solution,
      generatorLimits: options.generatorLimits ?? GENERATOR_LIMITS,
      signal: options.signal,
      builds: new Map(),
      multigen: new Map(),
    };
    const tests: GeneratedTest[] = [];
    let bytes = 0;
    let cutReason: string | undefined;
    for (const [i, command] of input.commands.entries()) {
      if (options.signal?.aborted) cutReason = '已停止';
      else if (Date.now() - started > input.budgetMs)
        cutReason = `生成用时超过 ${Math.round(input.budgetMs / 1000)} 秒`;
      if (cutReason) break;
      const test = await makeTest(run, command, i);
      if (test.ok && bytes + test.input.length + test.output.length > input.totalBytes) {
        cutReason = `生成的测试数据超过 ${Math.round(input.totalBytes / (1 << 20))} MiB`;
        break;
      }
      if (test.ok) bytes += test.input.length + test.output.length;
      tests.push(test);
    }
    return {
      ok: true,
      tests,
      cut: input.commands.length - tests.length,
      ...(cutReason ? { cutReason } : {}),
    };
  } finally {
    await rm(jobDir, { recursive: true, force: true });
  }
}

interface RunContext {
  sandbox: SandboxApi;
  input: GenerationInput;
  jobDir: string;
  solution: Extract<Built, { ok: true }>;
  generatorLimits: Pick<Limits, 'cpuMs' | 'wallMs' | 'memoryKiB'>;
  /** Each generator compiled once, when a command first calls it. */
  builds: Map<string, Promise<Built>>;
  /** Ends a generator's run at once (a solution's run is short: it ends by itself). */
  signal?: AbortSignal;
  /** Multigen runs by their command line: the directory they wrote, or why they failed. */
  multigen: Map<string, Promise<{ ok: true; dir: string } | { ok: false; message: string }>>;
}

/** One command: its input from the generator, its answer from the main solution. */
async function makeTest(r: RunContext, command: GenerationCommand, i: number): Promise<GeneratedTest> {
  const program = r.input.generators[command.generator];
  if (!program) return { ok: false, message: `找不到生成器「${command.generator}」` };
  let built = r.builds.get(command.generator);
  if (!built) {
    built = isRunnable(program.language)
      ? build(r.sandbox, program, r.jobDir, true)
      : Promise.resolve({ ok: false, message: '不是 C/C++ 程序，本站无法运行' });
    r.builds.set(command.generator, built);
  }
  const generator = await built;
  if (!generator.ok) return { ok: false, message: `生成器「${program.name}」${generator.message}` };
  const made = command.fromFile
    ? await fromMultigen(r, generator, command, i)
    : await runGenerator(r, generator, command.args, `gen-${i}`, null);
  if (!made.ok) return { ok: false, message: `生成器「${program.name}」${made.message}` };
  if (!made.input.length) return { ok: false, message: `生成器「${program.name}」没有输出任何内容` };
  const answer = await runSolution(r, made.input, i);
  if (!answer.ok)
    return { ok: false, message: `标准程序「${r.input.solution.name}」求答案失败：${answer.message}` };
  return { ok: true, input: made.input, output: answer.output };
}

/** Compiles a program once into a directory of its own; testlib.h is there for generators. */
async function build(
  sandbox: SandboxApi,
  program: GenerationProgram,
  jobDir: string,
  withTestlib: boolean,
): Promise<Built> {
  const lang = languageSpec(program.language as Language);
  const buildDir = await makeBoxDir(jobDir, 'build-');
  const files = [...(program.files ?? [])];
  if (withTestlib && !files.some((f) => f.name === 'testlib.h'))
    files.push({ name: 'testlib.h', content: await readFile(SHIPPED_TESTLIB, 'utf8') });
  for (const f of files) {
    // Names are the package's: only plain names beside the source are written.
    if (!SAFE_FILE.test(f.name) || f.name === lang.sourceFile) continue;
    await writeFile(join(buildDir, f.name), f.content, { mode: 0o644 });
  }
  const slowCompile: LanguageSpec = {
    ...lang,
    compile: (file) => {
      const step = lang.compile(file);
      return { ...step, limits: { ...step.limits, ...COMPILE_LIMITS } };
    },
  };
  const compiled = await compileWithCache(sandbox, slowCompile, program.source, buildDir, jobDir, null);
  if (!compiled.ok) return { ok: false, message: `编译失败：${compiled.message.slice(0, 500)}` };
  return { ok: true, lang, buildDir, entry: compiled.entry };
}

type Made = { ok: true; input: Buffer } | { ok: false; message: string };

/**
 * Runs a generator with its arguments, stdin empty. `boxDir` null: its stdout is the test and what
 * it writes in /box is thrown away; otherwise /box is that directory and its files come back.
 */
async function runGenerator(
  r: RunContext,
  generator: Extract<Built, { ok: true }>,
  args: string[],
  tag: string,
  boxDir: string | null,
): Promise<Made> {
  const step = generator.lang.run(
    { timeMs: r.generatorLimits.cpuMs, memoryMiB: r.generatorLimits.memoryKiB >> 10 },
    generator.entry,
  );
  const stdoutFile = join(r.jobDir, `out-${tag}`);
  const stderrFile = join(r.jobDir, `err-${tag}`);
  const testBytes = r.input.testBytes;
  try {
    const run = await r.sandbox.run({
      argv: [...step.argv, ...args],
      workDir: boxDir ?? emptyBoxDir(r.jobDir),
      discardWrites: !boxDir,
      readOnlyBinds: [{ host: generator.buildDir, box: PROGRAM_DIR }],
      env: step.env,
      stdoutFile,
      stderrFile,
      ...(r.signal ? { signal: r.signal } : {}),
      limits: {
        ...r.generatorLimits,
        processes: 1,
        fileSizeBytes: testBytes,
        openFiles: 64,
        // A multigen writes its tests as files: as much as the tests may hold in all.
        ...(boxDir ? { diskBytes: r.input.totalBytes } : {}),
      },
    });
    const said = readHeadSync(stderrFile, STDERR_SHOWN).trim();
    const withSaid = (why: string) => (said ? `${why}：${said}` : why);
    if (run.outcome === 'exited' && run.exitCode === 0) {
      if (fileSizeSync(stdoutFile) >= testBytes)
        return { ok: false, message: `运行失败：${tooLarge(testBytes)}` };
      return { ok: true, input: await readFile(stdoutFile) };
    }
    if (run.outcome === 'output-limit' || fileSizeSync(stdoutFile) >= testBytes)
      return { ok: false, message: `运行失败：${withSaid(tooLarge(testBytes))}` };
    const ran = classifyRun(run, { cpuMs: r.generatorLimits.cpuMs, memoryKiB: step.memoryKiB }, said, []);
    return { ok: false, message: `运行失败：${withSaid(ran.message || '未知原因')}` };
  } finally {
    await rm(stdoutFile, { force: true });
    await rm(stderrFile, { force: true });
  }
}

const tooLarge = (bytes: number) => `输出超过 ${Math.round(bytes / (1 << 20))} MiB`;

/** A multigen command: the generator runs once per command line, each test read from its file. */
async function fromMultigen(
  r: RunContext,
  generator: Extract<Built, { ok: true }>,
  command: GenerationCommand,
  i: number,
): Promise<Made> {
  const file = command.fromFile!;
  if (!SAFE_FILE.test(file)) return { ok: false, message: `的输出文件名「${file.slice(0, 64)}」不合法` };
  const key = JSON.stringify([command.generator, command.args]);
  let ran = r.multigen.get(key);
  if (!ran) {
    ran = (async () => {
      const dir = await makeBoxDir(r.jobDir, 'multigen-');
      const made = await runGenerator(r, generator, command.args, `multigen-${i}`, dir);
      return made.ok ? { ok: true as const, dir } : made;
    })();
    r.multigen.set(key, ran);
  }
  const done = await ran;
  if (!done.ok) return done;
  const input = await readRegularFile(join(done.dir, file), r.input.testBytes);
  if (input === 'missing') return { ok: false, message: `没有写出文件「${file}」` };
  if (input === 'too-large')
    return { ok: false, message: `写出的文件「${file}」超过 ${r.input.testBytes >> 20} MiB` };
  return { ok: true, input };
}

/** A file a box left behind, whole, when it is a regular file (a planted symlink is never followed). */
async function readRegularFile(path: string, max: number): Promise<Buffer | 'missing' | 'too-large'> {
  let fh;
  try {
    fh = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch {
    return 'missing';
  }
  try {
    const st = await fh.stat();
    if (!st.isFile()) return 'missing';
    if (st.size > max) return 'too-large';
    return await fh.readFile();
  } finally {
    await fh.close();
  }
}

type Answer = { ok: true; output: Buffer } | { ok: false; message: string };

/** The main solution on a generated input, in the box like any submission. */
async function runSolution(r: RunContext, input: Buffer, i: number): Promise<Answer> {
  const inputPath = join(r.jobDir, `input-${i}`);
  await writeFile(inputPath, input, { mode: 0o644 });
  const s = r.solution;
  let ran;
  try {
    ran = await runProgram(r.sandbox, s.lang, {
      buildDir: s.buildDir,
      entry: s.entry,
      ioDir: r.jobDir,
      tag: `answer-${i}`,
      inputPath,
      timeMs: r.input.solutionLimits.timeMs,
      memoryMiB: r.input.solutionLimits.memoryMiB,
      outputBytes: r.input.testBytes,
    });
    if (ran.verdict) {
      const said = readHeadSync(ran.stderrFile, STDERR_SHOWN).trim();
      return { ok: false, message: `${ran.message}${said ? `：${said}` : ''}` };
    }
    return { ok: true, output: await readFile(ran.stdoutFile) };
  } finally {
    await rm(inputPath, { force: true });
    if (ran) {
      await rm(ran.stdoutFile, { force: true });
      await rm(ran.stderrFile, { force: true });
    }
  }
}
