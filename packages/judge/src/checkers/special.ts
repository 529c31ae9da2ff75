import { createHash, randomUUID } from 'node:crypto';
import { chmod, copyFile, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Limits, RunResult } from '@oj/sandbox';
import type { CheckerProtocol, CheckerSpec, JobFile } from '@oj/shared';
import { compileInSandbox } from '../compile';
import { exists, makeBoxDir, readHeadSync, readRegularHead, readTailSync } from '../files';
import { CXX_FLAGS, compileLimits, languageSpec } from '../languages';
import { ROOT } from '../paths';
import type { SandboxApi } from '../sandbox';
import {
  kattisOutcome,
  testlibOutcome,
  type CheckOutcome,
  type JudgeProgramRole,
  type KattisFeedback,
} from './protocols';

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
  spec: Pick<SpecialChecker, 'source' | 'files'> & Partial<SpecialChecker>,
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
  files: JobFile[],
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

export type SpecialOutcome = CheckOutcome;

/** Where a Kattis validator writes its feedback, inside its box (a directory of its work dir). */
export const FEEDBACK_DIR = 'feedback';

/** A fresh box work dir for a judge program, with an empty feedback directory it may write. */
export async function judgeProgramDir(scratch: string, prefix: string): Promise<string> {
  const dir = await makeBoxDir(scratch, prefix);
  await mkdir(join(dir, FEEDBACK_DIR));
  await chmod(join(dir, FEEDBACK_DIR), 0o777); // the box's uid writes there
  return dir;
}

/**
 * What a Kattis validator left in feedback/ (copied back out of its box: its files are as
 * untrusted as the validator, so only regular files are read, and only their start).
 */
export async function readFeedback(workDir: string): Promise<KattisFeedback> {
  const read = (name: string) => readRegularHead(join(workDir, FEEDBACK_DIR, name), 4096);
  const [teamMessage, judgeMessage, scoreMultiplier, score] = await Promise.all([
    read('teammessage.txt'),
    read('judgemessage.txt'),
    read('score_multiplier.txt'),
    read('score.txt'),
  ]);
  return { teamMessage, judgeMessage, scoreMultiplier, score };
}

/** How a judge program's run ended, when it did not exit by itself: IE with what it printed. */
export function abnormalEnd(run: RunResult, role: JudgeProgramRole, message: string): CheckOutcome {
  const why =
    run.outcome === 'sandbox-error'
      ? run.message
      : run.outcome === 'signaled'
        ? `signal ${run.signal}`
        : run.outcome;
  return { verdict: 'IE', message: `${role}异常结束（${why}）${message ? `：${message}` : ''}`, fraction: 0 };
}

/**
 * What a judge program printed on stderr: its start (the message users see) and its end (where
 * testlib's verdict line is). Tiny files, read synchronously: no thread-pool hop per test.
 */
export function stderrOf(file: string): { head: string; tail: string } {
  return { head: readHeadSync(file, 1024), tail: readTailSync(file, 4096) };
}

/** Reads a judge program's answer by its protocol, once it exited by itself. */
export async function protocolOutcome(
  protocol: CheckerProtocol,
  exitCode: number,
  stderr: { head: string; tail: string },
  workDir: string,
  role: JudgeProgramRole,
): Promise<CheckOutcome> {
  if (protocol === 'kattis') return kattisOutcome(exitCode, await readFeedback(workDir), stderr.head, role);
  return testlibOutcome(exitCode, stderr.head, stderr.tail, role);
}

export interface SpecialCheckOptions {
  /** Default testlib. */
  protocol?: CheckerProtocol;
  /** Kattis: extra arguments. */
  flags?: string[];
}

/**
 * Runs the compiled checker on one test by its protocol (CHECKER_PROTOCOLS in @oj/shared):
 * testlib `checker input output answer`; Kattis `validator input answer feedback/ [flags] <
 * output`. A checker failure, a crash or anything unexpected is our fault, never the user's: IE.
 */
export async function runSpecialChecker(
  sandbox: SandboxApi,
  binaryDir: string,
  files: { input: string; output: string; answer: string },
  scratch: string,
  options: SpecialCheckOptions = {},
): Promise<CheckOutcome> {
  const protocol = options.protocol ?? 'testlib';
  const workDir = await judgeProgramDir(scratch, 'check-');
  const stderrFile = join(workDir, '..', `${randomUUID()}.checker-stderr`);
  const checker = `${CHECKER_BOX_DIR}/checker`;
  const kattis = protocol === 'kattis';
  try {
    const run = await sandbox.run({
      argv: kattis
        ? [checker, '/data/input', '/data/answer', `/box/${FEEDBACK_DIR}/`, ...(options.flags ?? [])]
        : [checker, '/data/input', '/data/output', '/data/answer'],
      workDir,
      readOnlyBinds: [
        { host: binaryDir, box: CHECKER_BOX_DIR },
        { host: files.input, box: '/data/input' },
        ...(kattis ? [] : [{ host: files.output, box: '/data/output' }]),
        { host: files.answer, box: '/data/answer' },
      ],
      env: { PATH: '/usr/bin:/bin', LANG: 'C.UTF-8' },
      ...(kattis ? { stdinFile: files.output } : {}),
      stderrFile,
      limits: checkerRunLimits,
    });
    const stderr = stderrOf(stderrFile);
    if (run.outcome !== 'exited') return abnormalEnd(run, '特判程序', stderr.head.trim());
    return await protocolOutcome(protocol, run.exitCode ?? -1, stderr, workDir, '特判程序');
  } finally {
    await rm(workDir, { recursive: true, force: true });
    await rm(stderrFile, { force: true });
  }
}
