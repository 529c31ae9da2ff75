import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { JudgeLimits, type Language, type Verdict } from '@oj/shared';
import { compileWithCache } from './compile';
import { type CompileCache, compileCacheAt } from './compile-cache';
import { DEFAULT_OUTPUT_BYTES } from './engine';
import { makeBoxDir, readHead } from './files';
import { languageSpec } from './languages';
import { defaultCacheRoot, defaultWorkRoot } from './paths';
import { runProgram } from './run-program';
import { realSandbox, type SandboxApi } from './sandbox';

export interface CustomRunInput {
  language: Language;
  source: string;
  /** The user's own input (stdin). */
  input: string;
  limits: JudgeLimits;
}

export interface CustomRunResult {
  /** AC means "ran to the end" (there is no answer to compare); otherwise CE/TLE/MLE/OLE/Sign/IE. */
  status: Verdict;
  timeMs: number;
  memoryKiB: number;
  compileMessage: string;
  message: string;
  /** The program's output, cut at `CUSTOM_OUTPUT_MAX` bytes. */
  stdout: string;
  stderr: string;
}

export const CUSTOM_OUTPUT_MAX = 64 * 1024;

/**
 * Custom test (`judge/test`): compiles the user's code once and runs it on each of the user's
 * inputs, in the same sandbox and limits as judging, and returns what it printed. Nothing is stored.
 * A program that does not compile fails the same way on every input.
 */
export async function runCustomMany(
  input: Omit<CustomRunInput, 'input'> & { inputs: string[] },
  options: { sandbox?: SandboxApi; workRoot?: string; compileCache?: CompileCache | null } = {},
): Promise<CustomRunResult[]> {
  const limits = JudgeLimits.parse(input.limits);
  const sandbox = options.sandbox ?? realSandbox;
  const empty = { timeMs: 0, memoryKiB: 0, compileMessage: '', stdout: '', stderr: '' };
  const forAll = (r: CustomRunResult) => input.inputs.map(() => r);
  const check = await sandbox.check();
  if (!check.ok)
    return forAll({ ...empty, status: 'IE', message: `本机无法安全运行提交的代码：${check.message}` });

  const lang = languageSpec(input.language);
  const jobDir = await makeBoxDir(options.workRoot ?? defaultWorkRoot(), 'custom-');
  try {
    const workDir = await makeBoxDir(jobDir, 'box-');
    const compiled = await compileWithCache(
      sandbox,
      lang,
      input.source,
      workDir,
      jobDir,
      options.compileCache === undefined ? compileCacheAt(defaultCacheRoot()) : options.compileCache,
    );
    if (!compiled.ok)
      return forAll({
        ...empty,
        status: compiled.internal ? 'IE' : 'CE',
        compileMessage: compiled.message,
        message: '',
      });
    const results: CustomRunResult[] = [];
    for (const [i, stdin] of input.inputs.entries()) {
      const inputPath = join(jobDir, `input-${i}`);
      await writeFile(inputPath, stdin);
      const ran = await runProgram(sandbox, lang, {
        buildDir: workDir,
        entry: compiled.entry,
        ioDir: jobDir,
        tag: `custom-${i}`,
        inputPath,
        timeMs: limits.timeMs,
        memoryMiB: limits.memoryMiB,
        outputBytes: limits.outputBytes ?? DEFAULT_OUTPUT_BYTES,
      });
      results.push({
        status: ran.verdict ?? 'AC',
        timeMs: ran.run.timeMs,
        memoryKiB: ran.run.memoryKiB,
        compileMessage: compiled.message,
        message: ran.message,
        stdout: await readHead(ran.stdoutFile, CUSTOM_OUTPUT_MAX),
        stderr: await readHead(ran.stderrFile, 4096),
      });
    }
    return results;
  } finally {
    await rm(jobDir, { recursive: true, force: true });
  }
}

/** One input: see `runCustomMany`. */
export async function runCustom(
  input: CustomRunInput,
  options: { sandbox?: SandboxApi; workRoot?: string; compileCache?: CompileCache | null } = {},
): Promise<CustomRunResult> {
  const [result] = await runCustomMany({ ...input, inputs: [input.input] }, options);
  return result;
}
