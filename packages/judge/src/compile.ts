import { join } from 'node:path';
import type { RunResult } from '@oj/sandbox';
import type { GraderSpec } from '@oj/shared';
import type { CompileCache } from './compile-cache';
import type { CompileStep, LanguageSpec } from './languages';
import { makeBoxDir, readHead } from './files';
import { writeGraderBuild, writeSubmission } from './grader';
import type { SandboxApi } from './sandbox';

/** Compiler messages kept for the user (the rest is cut: a template bomb can print megabytes). */
export const COMPILE_MESSAGE_MAX = 16 * 1024;

export type CompileOutcome =
  | { ok: true; message: string; run: RunResult }
  | { ok: false; internal: boolean; message: string; run: RunResult };

/**
 * Runs a compile step inside the box over `workDir`. Compiler output goes to files outside the
 * box (in `ioDir`), so the compiler cannot overwrite them through the work dir.
 */
export async function compileInSandbox(
  sandbox: SandboxApi,
  step: CompileStep,
  workDir: string,
  ioDir: string,
): Promise<CompileOutcome> {
  const dir = await makeBoxDir(ioDir, 'compile-');
  const stdoutFile = join(dir, 'stdout');
  const stderrFile = join(dir, 'stderr');
  const run = await sandbox.run({
    argv: step.argv,
    workDir,
    env: step.env,
    readOnlyBinds: step.readOnlyBinds,
    stdoutFile,
    stderrFile,
    limits: step.limits,
  });
  const output =
    `${await readHead(stderrFile, COMPILE_MESSAGE_MAX)}${await readHead(stdoutFile, 4096)}`.trim();
  const message = output.length >= COMPILE_MESSAGE_MAX ? `${output}\n…（编译信息过长，已截断）` : output;
  switch (run.outcome) {
    case 'exited':
      if (run.exitCode === 0) return { ok: true, message, run };
      return { ok: false, internal: false, message: message || `编译器退出码 ${run.exitCode}`, run };
    case 'sandbox-error':
      return { ok: false, internal: true, message: `沙箱错误：${run.message ?? '未知原因'}`, run };
    case 'cpu-limit':
    case 'wall-limit':
      return {
        ok: false,
        internal: false,
        message: withReason(message, `编译超时（限制 ${step.limits.cpuMs / 1000} 秒）`),
        run,
      };
    case 'memory-limit':
      return {
        ok: false,
        internal: false,
        message: withReason(message, `编译内存超限（限制 ${step.limits.memoryKiB >> 10} MiB）`),
        run,
      };
    case 'output-limit':
      return { ok: false, internal: false, message: withReason(message, '编译输出超限'), run };
    case 'signaled':
      return {
        ok: false,
        internal: false,
        message: withReason(message, `编译器被信号 ${run.signal} 终止`),
        run,
      };
  }
}

const withReason = (message: string, reason: string) => (message ? `${reason}\n${message}` : reason);

/** A compile taken from the cache: no box ran. */
const CACHED_RUN: RunResult = {
  outcome: 'exited',
  exitCode: 0,
  signal: null,
  timeMs: 0,
  wallMs: 0,
  memoryKiB: 0,
};

/** A compile that left something to run: `entry` is what the language's run step needs (Java's class). */
export type BuildOutcome =
  | { ok: true; message: string; run: RunResult; entry?: string; cached?: boolean }
  | { ok: false; internal: boolean; message: string; run: RunResult };

/**
 * A successful compile is worth running only if it left a program (a Java class with main, an
 * executable): otherwise CE with the language's reason, after the compiler's own messages.
 */
function withProgram(lang: LanguageSpec, workDir: string, outcome: CompileOutcome, cached?: boolean): BuildOutcome {
  if (!outcome.ok) return outcome;
  const program = lang.program(workDir);
  if (!program.ok)
    return { ok: false, internal: false, message: withReason(outcome.message, program.message), run: outcome.run };
  return { ...outcome, entry: program.entry, ...(cached ? { cached } : {}) };
}

/**
 * Writes `source` into `workDir` under the language's file name (with a grader's files, under the
 * name the grader expects) and compiles it with the language's step, through the compile cache
 * when there is one: a hit copies the earlier build into `workDir`; identical sources compiled at
 * the same moment in this process wait for one compile. Only compiles that left a program are kept.
 */
export async function compileWithCache(
  sandbox: SandboxApi,
  lang: LanguageSpec,
  source: string,
  workDir: string,
  ioDir: string,
  cache: CompileCache | null,
  grader?: GraderSpec,
): Promise<BuildOutcome> {
  const build = grader
    ? await writeGraderBuild(lang, source, grader, workDir)
    : await writeSubmission(lang, source, workDir);
  if (!build.ok) return { ok: false, internal: build.internal, message: build.message, run: CACHED_RUN };
  const step = build.step;
  const fresh = async () => withProgram(lang, workDir, await compileInSandbox(sandbox, step, workDir, ioDir));
  const fromCache = (hit: { message: string }) =>
    withProgram(lang, workDir, { ok: true, message: hit.message, run: CACHED_RUN }, true);
  if (!cache) return fresh();
  const key = cache.key(lang.name, step, build.cacheText);
  const hit = await cache.restore(key, workDir);
  if (hit) return fromCache(hit);
  let outcome: BuildOutcome | undefined;
  await cache.once(key, async () => {
    outcome = await fresh();
    if (outcome.ok) await cache.store(key, workDir, outcome.message);
  });
  if (outcome) return outcome;
  // Another job compiled the same source meanwhile: take its build, or compile if it failed.
  const shared = await cache.restore(key, workDir);
  if (shared) return fromCache(shared);
  return fresh();
}
