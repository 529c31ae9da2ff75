import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { HELPER_PATH, helperEnv } from './helper';

export interface HelperOutput {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** Set when we had to kill a helper that did not finish in time. */
  timedOut: boolean;
  /** Set when the caller stopped the run (RunSpec.signal). */
  aborted?: boolean;
}

/** The most of a helper's stdout or stderr kept (its answer is one short line). */
export const OUTPUT_CAP = 64 * 1024;

/**
 * Whether a pooled helper keeps Node alive: only while it works for a caller. The stdio streams
 * of a child are net.Sockets at run time, which can be (un)referenced.
 */
export function setChildRef(child: ChildProcessWithoutNullStreams, on: boolean): void {
  const handles = [child, child.stdin, child.stdout, child.stderr] as unknown as Array<{ ref?: () => void; unref?: () => void }>;
  for (const handle of handles) {
    if (on) handle.ref?.();
    else handle.unref?.();
  }
}

/**
 * Runs the helper with an empty environment. `deadlineMs` guards against a helper bug: the helper
 * enforces the limits itself, so reaching it means the sandbox is broken, not that the program
 * was slow; we then ask the helper to stop (it cleans up on SIGTERM) and kill it if it does not.
 */
export function spawnHelper(args: string[], deadlineMs: number): Promise<HelperOutput> {
  return new Promise((resolve) => {
    const child = spawn(HELPER_PATH, args, { stdio: ['ignore', 'pipe', 'pipe'], env: helperEnv() });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      if (stdout.length < OUTPUT_CAP) stdout += d;
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      if (stderr.length < OUTPUT_CAP) stderr += d;
    });
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 2000).unref();
    }, deadlineMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      resolve({ code: null, signal: null, stdout, stderr: stderr + String(err), timedOut });
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr, timedOut });
    });
  });
}
