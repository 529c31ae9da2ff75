import { createHash, randomUUID } from 'node:crypto';
import { chmod, copyFile, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Limits } from '@oj/sandbox';
import type { CheckerSpec, Verdict } from '@oj/shared';
import { compileInSandbox } from '../compile';
import { exists, makeBoxDir, readHead } from '../files';
import { CXX_FLAGS, compileLimits, languageSpec } from '../languages';
import { ROOT } from '../paths';
import type { SandboxApi } from '../sandbox';

type SpecialChecker = Extract<CheckerSpec, { kind: 'special' }>;

const CHECKER_BOX_DIR = '/checker';
export const SHIPPED_TESTLIB = join(ROOT, 'packages', 'judge', 'testlib', 'testlib.h');

export const checkerRunLimits: Limits = {
  cpuMs: 10_000,
  wallMs: 20_000,
  memoryKiB: 1024 * 1024,
  processes: 1,
  fileSizeBytes: 1 << 20,
  openFiles: 64,
};

export type PreparedChecker = { ok: true; binaryDir: string } | { ok: false; message: string };

/**
 * Compiles the author's checker once per distinct source (+ files + flags) and keeps the binary
 * under `<cacheRoot>/checkers/<sha256>/checker`, so a submission pays nothing after the first.
 */
export async function prepareChecker(
  sandbox: SandboxApi,
  spec: SpecialChecker,
  cacheRoot: string,
  scratch: string,
): Promise<PreparedChecker> {
  const files = [...(spec.files ?? [])];
  // The author's own testlib.h wins; otherwise ours is there for `#include "testlib.h"`.
  if (!files.some((f) => f.name === 'testlib.h'))
    files.push({ name: 'testlib.h', content: await readFile(SHIPPED_TESTLIB, 'utf8') });
  const key = createHash('sha256')
    .update(JSON.stringify([spec.source, files, CXX_FLAGS]))
    .digest('hex');
  const binaryDir = join(cacheRoot, 'checkers', key);
  if (await exists(join(binaryDir, 'checker'))) return { ok: true, binaryDir };
  // Submissions of one problem judged at once wait for one compile of its checker.
  let compiling = checkerCompiles.get(binaryDir);
  if (!compiling) {
    compiling = compileChecker(sandbox, spec.source, files, binaryDir, scratch).finally(() =>
      checkerCompiles.delete(binaryDir),
    );
    checkerCompiles.set(binaryDir, compiling);
  }
  return compiling;
}

const checkerCompiles = new Map<string, Promise<PreparedChecker>>();

async function compileChecker(
  sandbox: SandboxApi,
  source: string,
  files: { name: string; content: string }[],
  binaryDir: string,
  scratch: string,
): Promise<PreparedChecker> {
  const workDir = await makeBoxDir(scratch, 'checker-');
  await writeFile(join(workDir, 'main.cpp'), source);
  for (const f of files) await writeFile(join(workDir, f.name), f.content);
  const step = languageSpec('C++').compile();
  const compiled = await compileInSandbox(
    sandbox,
    { ...step, limits: compileLimits({ cpuMs: 30_000, wallMs: 60_000 }) },
    workDir,
    scratch,
  );
  if (!compiled.ok) return { ok: false, message: `特判程序编译失败：${compiled.message}` };

  // Build aside and rename: two workers compiling the same checker never see a half-copied file.
  const tmp = `${binaryDir}.${randomUUID()}`;
  await mkdir(tmp, { recursive: true });
  await copyFile(join(workDir, 'main'), join(tmp, 'checker'));
  await chmod(tmp, 0o755);
  await chmod(join(tmp, 'checker'), 0o755);
  try {
    await rename(tmp, binaryDir);
  } catch {
    await rm(tmp, { recursive: true, force: true }); // another worker won the race
  }
  return { ok: true, binaryDir };
}

export interface SpecialOutcome {
  verdict: Verdict;
  message: string;
}

/**
 * testlib protocol: `checker input output answer`; exit 0 OK, 1 WA, 2 PE, 3 fail. testlib's
 * "dirt" (4, extra output) is a presentation error and "unexpected EOF" (8) a wrong answer; a
 * checker failure or anything else is our fault, never the user's: IE.
 */
export async function runSpecialChecker(
  sandbox: SandboxApi,
  binaryDir: string,
  files: { input: string; output: string; answer: string },
  scratch: string,
): Promise<SpecialOutcome> {
  const workDir = await makeBoxDir(scratch, 'check-');
  const stderrFile = join(workDir, '..', `${randomUUID()}.checker-stderr`);
  const run = await sandbox.run({
    argv: [`${CHECKER_BOX_DIR}/checker`, '/data/input', '/data/output', '/data/answer'],
    workDir,
    readOnlyBinds: [
      { host: binaryDir, box: CHECKER_BOX_DIR },
      { host: files.input, box: '/data/input' },
      { host: files.output, box: '/data/output' },
      { host: files.answer, box: '/data/answer' },
    ],
    env: { PATH: '/usr/bin:/bin', LANG: 'C.UTF-8' },
    stderrFile,
    limits: checkerRunLimits,
  });
  const message = (await readHead(stderrFile, 1024)).trim();
  await rm(workDir, { recursive: true, force: true });
  await rm(stderrFile, { force: true });
  if (run.outcome !== 'exited') {
    const why =
      run.outcome === 'sandbox-error'
        ? run.message
        : run.outcome === 'signaled'
          ? `signal ${run.signal}`
          : run.outcome;
    return { verdict: 'IE', message: `特判程序异常结束（${why}）${message ? `：${message}` : ''}` };
  }
  switch (run.exitCode) {
    case 0:
      return { verdict: 'AC', message };
    case 1:
    case 8:
      return { verdict: 'WA', message };
    case 2:
    case 4:
      return { verdict: 'PE', message };
    case 3:
      return { verdict: 'IE', message: `特判程序报告失败：${message}` };
    default:
      return { verdict: 'IE', message: `特判程序退出码 ${run.exitCode}${message ? `：${message}` : ''}` };
  }
}
