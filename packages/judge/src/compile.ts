import { join } from 'node:path';
import type { RunResult } from '@oj/sandbox';
import type { CompileCache } from './compile-cache';
import type { CompileStep, LanguageSpec } from './languages';
import { makeBoxDir, readHead } from './files';
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

/**
 * Compiles `source` (already written to `workDir`) with the language's step, through the compile
 * cache when there is one: a hit copies the earlier build into `workDir`; identical sources
 * compiled at the same moment in this process wait for one compile. Only successes are kept.
 */
export async function compileWithCache(
  sandbox: SandboxApi,
  lang: LanguageSpec,
  source: string,
  workDir: string,
  ioDir: string,
  cache: CompileCache | null,
): Promise<CompileOutcome & { cached?: boolean }> {
  const step = lang.compile();
  if (!cache) return compileInSandbox(sandbox, step, workDir, ioDir);
  const key = cache.key(lang.name, step, source);
  const hit = await cache.restore(key, workDir);
  if (hit) return { ok: true, message: hit.message, run: CACHED_RUN, cached: true };
  let outcome: CompileOutcome | undefined;
  await cache.once(key, async () => {
    outcome = await compileInSandbox(sandbox, step, workDir, ioDir);
    if (outcome.ok) await cache.store(key, workDir, outcome.message);
  });
  if (outcome) return outcome;
  // Another job compiled the same source meanwhile: take its build, or compile if it failed.
  const shared = await cache.restore(key, workDir);
  if (shared) return { ok: true, message: shared.message, run: CACHED_RUN, cached: true };
  return compileInSandbox(sandbox, step, workDir, ioDir);
}
