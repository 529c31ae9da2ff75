import { join } from 'node:path';
import type { RunResult } from '@oj/sandbox';
import type { Verdict } from '@oj/shared';
import { rm } from 'node:fs/promises';
import { fileSize, makeBoxDir, readTail, treeSize } from './files';
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
  /** Host directory outside the box for stdout/stderr: the program cannot see or replace them. */
  ioDir: string;
  tag: string;
  inputPath: string;
  timeMs: number;
  memoryMiB: number;
  outputBytes: number;
}

/** Runs the compiled program once in the box and says what the run alone decides. */
export async function runProgram(
  sandbox: SandboxApi,
  lang: LanguageSpec,
  o: RunProgramOptions,
): Promise<ProgramRun> {
  const cpuMs = Math.round(o.timeMs * lang.timeFactor);
  const step = lang.run({ timeMs: cpuMs, memoryMiB: o.memoryMiB });
  const stdoutFile = join(o.ioDir, `out-${o.tag}`);
  const stderrFile = join(o.ioDir, `err-${o.tag}`);
  const workDir = await makeBoxDir(o.ioDir, `run-${o.tag}-`);
  let run: RunResult;
  let written: number;
  try {
    run = await sandbox.run({
      argv: step.argv,
      workDir,
      readOnlyBinds: [{ host: o.buildDir, box: PROGRAM_DIR }],
      env: step.env,
      stdinFile: o.inputPath,
      stdoutFile,
      stderrFile,
      limits: {
        cpuMs,
        // Generous wall time catches sleeping programs without punishing a loaded machine.
        wallMs: cpuMs * 3 + 2000,
        memoryKiB: step.memoryKiB,
        processes: step.processes,
        fileSizeBytes: o.outputBytes,
        openFiles: 64,
      },
    });
    written = await treeSize(workDir);
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
  const files = { run, stdoutFile, stderrFile };
  // Runtimes that ignore SIGXFSZ (the JVM, Go) keep looping on failed writes until the time limit:
  // an output file that reached the cap is OLE whatever ended the program.
  if (run.outcome !== 'sandbox-error' && (await fileSize(stdoutFile)) >= o.outputBytes) {
    return { ...files, verdict: 'OLE', message: '输出超限' };
  }
  // The sandbox caps the total written to /box too (diskBytes defaults to the per-file cap).
  if (run.outcome !== 'sandbox-error' && (run.diskFull || written > o.outputBytes)) {
    return { ...files, verdict: 'OLE', message: '写入的文件总大小超过输出限制' };
  }
  const stderrTail = await readTail(stderrFile, 4096);
  const ran = classifyRun(run, { cpuMs, memoryKiB: step.memoryKiB }, stderrTail, lang.outOfMemory);
  return { ...files, verdict: ran.verdict, message: ran.message };
}
