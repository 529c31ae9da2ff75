/**
 * The contract between the sandbox and its users (the judge). The sandbox knows nothing of
 * judging: it runs one command inside a box with limits and reports what happened.
 */

export interface Bind {
  /** Path on the host. */
  host: string;
  /** Path inside the box. */
  box: string;
}

export interface Limits {
  /** CPU time of the whole process tree, user + system, in milliseconds. */
  cpuMs: number;
  /** Wall-clock time in milliseconds (catches sleeping or blocked programs). */
  wallMs: number;
  /** Peak memory of the whole tree (cgroup), in KiB. The stack may grow as large as this. */
  memoryKiB: number;
  /** Maximum number of processes + threads alive at once. */
  processes: number;
  /** Largest file the program may write (also caps captured stdout/stderr), in bytes. */
  fileSizeBytes: number;
  /** Maximum number of open file descriptors. */
  openFiles: number;
  /**
   * What the program may write to /box in all, in bytes (default `fileSizeBytes`) and in files
   * (default 4096), on top of what the caller put there. Filling it is an `output-limit`.
   */
  diskBytes?: number;
  diskFiles?: number;
}

export interface RunSpec {
  /** argv[0] is resolved inside the box (absolute path recommended). */
  argv: string[];
  /**
   * Host directory copied into the box's /box (a capped tmpfs, the program's working directory)
   * before the run; what the program adds there is copied back after it (new names only).
   */
  workDir: string;
  /** Extra read-only binds beyond the default toolchain view. */
  readOnlyBinds?: Bind[];
  /** Environment of the program: nothing is inherited from the host. */
  env?: Record<string, string>;
  /** Working directory inside the box; default /box. */
  cwd?: string;
  /**
   * Host file to feed on stdin; default /dev/null. `stdinFile` and `stdoutFile` may also be FIFOs
   * outside `workDir` (the caller's named pipes), to connect two boxes run side by side: each box
   * waits in its setup until the other has opened its ends, so neither program starts before both
   * pipes have a writer (docs/sandbox.md, "Two boxes joined by pipes").
   */
  stdinFile?: string;
  /** Host files receiving stdout / stderr; default discarded. */
  stdoutFile?: string;
  stderrFile?: string;
  limits: Limits;
  /**
   * Throw away what the program wrote to /box instead of copying it back to `workDir` (a judge's
   * test run: nothing to copy, measure or remove on the host). `writtenBytes` still says how much.
   */
  discardWrites?: boolean;
  /**
   * Stops the run when aborted (its helper ends the box and cleans up); the answer is then a
   * sandbox-error "stopped by the caller". For a caller that knows the run is no longer needed
   * (an interactor still running after its program has ended).
   */
  signal?: AbortSignal;
  /**
   * Scheduling niceness of the program's whole tree, 0 (default) to 19: a judge runs untrusted
   * code below the web server's priority. Limits are on CPU time, so this changes no verdict.
   */
  nice?: number;
}

/** Why the run ended. */
export type Outcome =
  | 'exited' // exited by itself (see exitCode)
  | 'signaled' // killed by a signal it received or raised (see signal)
  | 'cpu-limit'
  | 'wall-limit'
  | 'memory-limit'
  | 'output-limit'
  | 'sandbox-error'; // the sandbox itself failed: never the program's fault

export interface RunResult {
  outcome: Outcome;
  exitCode: number | null;
  signal: number | null;
  /** CPU time (user + system) of the whole tree in ms. */
  timeMs: number;
  wallMs: number;
  /**
   * Peak memory in KiB as users compare it: the larger of the cgroup's peak (what the limit counts)
   * and the largest resident set of a process of the tree (what getrusage, isolate and most judges report).
   */
  memoryKiB: number;
  /** The memory cgroup's peak above the box's own baseline, KiB: what `memoryKiB` of the limits counts. */
  cgroupPeakKiB?: number;
  /** The largest `ru_maxrss` of a process of the tree, KiB. */
  maxRssKiB?: number;
  /** Bytes the run added to /box (tmpfs pages). */
  writtenBytes?: number;
  /** Human-readable detail for sandbox-error, and for an output-limit of a full /box. */
  message?: string;
  /** The program filled /box (`diskBytes` or `diskFiles`): the outcome is then output-limit. */
  diskFull?: boolean;
  /** The helper slot that ran it (its cgroups `oj-sandbox/run-<slot>`): for diagnostics and tests. */
  slot?: number;
  /**
   * When the program's first process ended (or was stopped at a limit), CLOCK_MONOTONIC in
   * microseconds: the same clock for every box, so two runs side by side can be ordered.
   */
  endedAtUs?: number;
}
