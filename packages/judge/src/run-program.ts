import { join } from 'node:path';
import type { RunResult } from '@oj/sandbox';
import type { Verdict } from '@oj/shared';
import { mkdirSync } from 'node:fs';
import { fileSizeSync, readTailSync } from './files';
import { PROGRAM_DIR, type LanguageSpec } from './languages';
import type { SandboxApi } from './sandbox';
import { classifyRun } from './verdict';

export interface ProgramRun {
  run: RunResult;
  /** null: the program ended normally and its output is for the checker. */
  verdict: Verdict | null;
  message: string;
  stdoutFile: string;
  stderrFile: string;
}

export interface RunProgramOptions {
  /** Host directory holding the compiled program (bound read-only at PROGRAM_DIR). */
  buildDir: string;
  /** What the compile left to run, when the language needs it named (Java's main class). */
  entry?: string;
  /** Host directory outside the box for stdout/stderr: the program cannot see or replace them. */
  ioDir: string;
  tag: string;
  /** stdin: a test's input, or a pipe from an interactor; absent: nothing (file I/O). */
  inputPath?: string;
  timeMs: number;
  memoryMiB: number;
  outputBytes: number;
  /** stdout elsewhere than `ioDir` (a pipe to an interactor). */
  stdoutPath?: string;
  /**
   * The box's /box as a copy of this host directory, and what the program writes there copied
   * back to it (file I/O: the input file in, the output file out). Default: an empty /box whose
   * writes are thrown away.
   */
  boxDir?: string;
  /** More wall time than the usual 3 × CPU + 2 s (an interactive program waits for its interactor). */
  extraWallMs?: number;
}

/**
 * The box's /box for every run: an empty directory (root-only parent), copied into the run's own
 * tmpfs; what the program writes there is measured by the sandbox and thrown away with the box
 * (`discardWrites`), so a test costs no host directory to create, walk and remove.
 */
export function emptyBoxDir(ioDir: string): string {
  const dir = join(ioDir, 'empty-box');
  mkdirSync(dir, { recursive: true, mode: 0o755 });
  return dir;
}

/**
 * Runs the compiled program once in the box and says what the run alone decides. The few file
 * operations after the run are on tiny files and synchronous: each asynchronous one is a hop
 * through the thread pool, which costs milliseconds per test when every core is busy.
 */
export async function runProgram(
  sandbox: SandboxApi,
  lang: LanguageSpec,
  o: RunProgramOptions,
): Promise<ProgramRun> {
  const cpuMs = Math.round(o.timeMs * lang.timeFactor);
  const step = lang.run({ timeMs: cpuMs, memoryMiB: o.memoryMiB }, o.entry);
  const stdoutFile = o.stdoutPath ?? join(o.ioDir, `out-${o.tag}`);
  const stderrFile = join(o.ioDir, `err-${o.tag}`);
  const run = await sandbox.run({
    argv: step.argv,
    workDir: o.boxDir ?? emptyBoxDir(o.ioDir),
    discardWrites: !o.boxDir,
    readOnlyBinds: [{ host: o.buildDir, box: PROGRAM_DIR }],
    env: step.env,
    stdinFile: o.inputPath,
    stdoutFile,
    stderrFile,
    limits: {
      cpuMs,
      // Wall time catches sleeping programs; the sandbox does not count the time a program
      // waited for a CPU (a loaded machine, the judge's lower priority, tests run side by side):
      // verdicts come from CPU time.
      wallMs: cpuMs * 3 + 2000 + (o.extraWallMs ?? 0),
      memoryKiB: step.memoryKiB,
      processes: step.processes,
      fileSizeBytes: o.outputBytes,
      openFiles: 64,
    },
  });
  const files = { run, stdoutFile, stderrFile };
  // Runtimes that ignore SIGXFSZ (the JVM, Go) keep looping on failed writes until the time limit:
  // an output file that reached the cap is OLE whatever ended the program.
  if (run.outcome !== 'sandbox-error' && fileSizeSync(stdoutFile) >= o.outputBytes) {
    return { ...files, verdict: 'OLE', message: '输出超限' };
  }
  // The sandbox caps the total written to /box too (diskBytes defaults to the per-file cap).
  if (run.outcome !== 'sandbox-error' && (run.diskFull || (run.writtenBytes ?? 0) > o.outputBytes)) {
    return { ...files, verdict: 'OLE', message: '写入的文件总大小超过输出限制' };
  }
  // The cgroup's figure decides whether a crash was running out of memory (the limit counts it).
  const limitRun = { ...run, memoryKiB: run.cgroupPeakKiB ?? run.memoryKiB };
  const ran = classifyRun(
    limitRun,
    { cpuMs, memoryKiB: step.memoryKiB },
    readTailSync(stderrFile, 4096),
    lang.outOfMemory,
  );
  return { ...files, verdict: ran.verdict, message: ran.message };
}
