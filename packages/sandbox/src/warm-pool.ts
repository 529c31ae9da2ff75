import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { HELPER_PATH, helperEnv } from './helper';
import { drainServers, poolSize } from './serve-pool';
import { OUTPUT_CAP, setChildRef, type HelperOutput } from './spawn-helper';

/**
 * One helper per run, started ahead of time: used where serving helpers (serve-pool.ts) cannot
 * be, or with OJ_SANDBOX_SERVE=0. A warm helper has already taken its slot, created its cgroups
 * and moved its zygote into them (on cgroup v1 each move waits for an RCU grace period, ~16 ms
 * here), and waits for a spec on stdin. Taking one makes a run cost only the box itself; a
 * replacement is started in the background. Idle helpers do not keep Node alive (unref), and
 * they exit cleaning up when Node goes (stdin EOF, and SIGTERM through PR_SET_PDEATHSIG).
 */
interface WarmHelper {
  child: ChildProcessWithoutNullStreams;
  output: Promise<HelperOutput>;
  timedOut: boolean;
}

const pool: WarmHelper[] = [];


function startWarm(): WarmHelper {
  const child = spawn(HELPER_PATH, ['run', '--spec-on-stdin'], { stdio: ['pipe', 'pipe', 'pipe'], env: helperEnv() });
  const helper: WarmHelper = { child, output: Promise.resolve(null as unknown as HelperOutput), timedOut: false };
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => {
    if (stdout.length < OUTPUT_CAP) stdout += d;
  });
  child.stderr.setEncoding('utf8').on('data', (d: string) => {
    if (stderr.length < OUTPUT_CAP) stderr += d;
  });
  child.stdin.on('error', () => {
    // The helper died before reading its spec; its exit tells why.
  });
  helper.output = new Promise((resolve) => {
    // The helper prints its one-line answer as soon as the program's tree is dead, and only then
    // tears the box down: the answer is all we wait for.
    child.stdout.on('data', () => {
      if (stdout.includes('\n')) {
        resolve({ code: null, signal: null, stdout, stderr, timedOut: helper.timedOut });
        setChildRef(helper.child, false);
      }
    });
    child.on('error', (err) => resolve({ code: null, signal: null, stdout, stderr: stderr + String(err), timedOut: helper.timedOut }));
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr, timedOut: helper.timedOut }));
  });
  setChildRef(helper.child, false);
  return helper;
}

function refill(): void {
  while (pool.length < poolSize()) pool.push(startWarm());
}

/** Runs one spec (the helper's `run` arguments without the word `run`) on a warm helper. */
export async function runOnWarmHelper(args: string[], deadlineMs: number, signal?: AbortSignal): Promise<HelperOutput> {
  let helper = pool.shift();
  // One that died while waiting (killed from outside, or setup failed) is replaced, not used.
  while (helper && (helper.child.exitCode !== null || helper.child.signalCode !== null)) helper = pool.shift();
  helper ??= startWarm();
  setChildRef(helper.child, true);
  const chosen = helper;
  // It cleans up on SIGTERM (the box, its cgroups).
  const stop = () => {
    chosen.child.kill('SIGTERM');
    setTimeout(() => chosen.child.kill('SIGKILL'), 2000).unref();
  };
  const timer = setTimeout(() => {
    // The helper enforces the limits itself: reaching this means it is broken.
    chosen.timedOut = true;
    stop();
  }, deadlineMs);
  let aborted = false;
  const onAbort = () => {
    aborted = true;
    stop();
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  chosen.child.stdin.end(Buffer.from(args.map((a) => `${a}\0`).join(''), 'utf8'));
  // Spawning blocks the event loop for a moment: do it now, while the box runs the program on
  // another core, rather than after the answer, where it delayed the caller's next run (the
  // judge's tests follow each other at once). The replacement warms up while this run goes on.
  refill();
  const out = await chosen.output;
  signal?.removeEventListener('abort', onAbort);
  clearTimeout(timer);
  return { ...out, timedOut: chosen.timedOut, aborted };
}

/** Stops the idle warm and serving helpers (they remove their cgroups); e.g. before a clean shutdown. */
export function drainWarmPool(): void {
  for (const h of pool.splice(0)) h.child.stdin.end();
  drainServers();
}
