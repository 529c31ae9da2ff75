import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { HELPER_PATH, helperEnv } from './helper';
import { OUTPUT_CAP, setChildRef, type HelperOutput } from './spawn-helper';

/**
 * Serving helpers (`oj-sandbox serve`, native/serve.c): each holds one slot and runs many specs
 * one after another, preparing the next box while it waits. A run costs the box itself (new
 * namespaces, root and disk) but no process start, no cgroup created or removed, no move of a
 * zygote into cgroups. A run goes to an idle helper, or to a new one when all are busy; idle
 * helpers beyond the pool size are ended. They do not keep Node alive (unref), and they stop
 * and clean up when Node goes (stdin EOF, and SIGTERM through PR_SET_PDEATHSIG).
 */
interface Server {
  child: ChildProcessWithoutNullStreams;
  /** The first line: `{"ready":true}` once the helper serves, anything else when it cannot. */
  ready: Promise<boolean>;
  pending: ((line: string | null) => void) | null;
  stdout: string;
  stderr: string;
  busy: boolean;
  ended: boolean;
}

const MAX_SERVERS = 64;
const servers: Server[] = [];
/** Set once a helper said this host cannot serve (cgroup v2 without a resettable memory.peak). */
let unsupported = false;

export function poolSize(): number {
  const text = process.env.OJ_SANDBOX_WARM;
  const configured = text === undefined || text.trim() === '' ? Number.NaN : Number(text);
  if (Number.isInteger(configured) && configured >= 0) return Math.min(configured, MAX_SERVERS);
  return Math.max(2, availableParallelism());
}

/** Serving helpers are used unless the host cannot, or OJ_SANDBOX_SERVE=0 asks for one helper per run. */
export function serveEnabled(): boolean {
  return !unsupported && process.env.OJ_SANDBOX_SERVE !== '0';
}


function takeLine(s: Server): string | null {
  const at = s.stdout.indexOf('\n');
  if (at < 0) return null;
  const line = s.stdout.slice(0, at);
  s.stdout = s.stdout.slice(at + 1);
  return line;
}

function startServer(): Server {
  const child = spawn(HELPER_PATH, ['serve'], { stdio: ['pipe', 'pipe', 'pipe'], env: helperEnv() });
  let markReady: (ok: boolean) => void = () => {};
  const server: Server = {
    child,
    ready: new Promise((resolve) => (markReady = resolve)),
    pending: null,
    stdout: '',
    stderr: '',
    busy: false,
    ended: false,
  };
  let first = true;
  child.stdout.setEncoding('utf8').on('data', (d: string) => {
    if (server.stdout.length < OUTPUT_CAP) server.stdout += d;
    for (let line = takeLine(server); line !== null; line = takeLine(server)) {
      if (first) {
        first = false;
        const ok = line.includes('"ready":true');
        if (!ok && line.includes('"outcome":"unsupported"')) unsupported = true;
        if (!ok) server.stderr += line;
        markReady(ok);
        continue;
      }
      const answer = server.pending;
      server.pending = null;
      answer?.(line);
    }
  });
  child.stderr.setEncoding('utf8').on('data', (d: string) => {
    if (server.stderr.length < OUTPUT_CAP) server.stderr += d;
  });
  child.stdin.on('error', () => {
    // The helper died; its exit tells why.
  });
  const end = () => {
    server.ended = true;
    markReady(false);
    const answer = server.pending;
    server.pending = null;
    answer?.(null);
    const at = servers.indexOf(server);
    if (at >= 0) servers.splice(at, 1);
  };
  child.on('error', (err) => {
    server.stderr += String(err);
    end();
  });
  child.on('close', end);
  setChildRef(server.child, false);
  servers.push(server);
  return server;
}

/** One run for a serving helper: a 4-byte little-endian length, then the NUL-separated arguments. */
export function serveFrame(args: string[]): Buffer {
  const body = Buffer.from(args.map((a) => `${a}\0`).join(''), 'utf8');
  const head = Buffer.alloc(4);
  head.writeUInt32LE(body.length);
  return Buffer.concat([head, body]);
}

/** Keeps `poolSize()` helpers started, so that a burst of runs finds them warm. */
function refill(): void {
  while (servers.length < poolSize()) startServer();
}

/** Ends idle helpers beyond the pool size (a burst of parallel runs started them). */
function trim(): void {
  for (const s of servers.filter((x) => !x.busy && !x.ended).reverse()) {
    if (servers.length <= poolSize()) return;
    s.ended = true;
    servers.splice(servers.indexOf(s), 1);
    s.child.stdin.end();
  }
}

/**
 * Runs one spec (the helper's `run` arguments without the word `run`) on a serving helper.
 * Null when this host cannot serve: the caller then uses one helper per run.
 */
export async function runOnServer(args: string[], deadlineMs: number, signal?: AbortSignal): Promise<HelperOutput | null> {
  // One that died while idle (killed from outside) is not used; its close event removes it.
  const alive = (s: Server) => !s.ended && s.child.exitCode === null && s.child.signalCode === null;
  const server = servers.find((s) => !s.busy && alive(s)) ?? startServer();
  server.busy = true;
  setChildRef(server.child, true);
  refill();
  if (!(await server.ready)) {
    server.busy = false;
    setChildRef(server.child, false);
    if (unsupported) return null;
    // Setup failed (its one line says why): the answer of this run.
    return { code: server.child.exitCode, signal: server.child.signalCode, stdout: `${server.stderr}\n`, stderr: '', timedOut: false };
  }
  let timedOut = false;
  let aborted = false;
  // The helper cleans up on SIGTERM (the box, its cgroups) and exits; a new one takes its place.
  const stop = () => {
    server.ended = true;
    server.child.kill('SIGTERM');
    setTimeout(() => server.child.kill('SIGKILL'), 2000).unref();
  };
  const timer = setTimeout(() => {
    // The helper enforces the limits itself: reaching this means it is broken.
    timedOut = true;
    stop();
  }, deadlineMs);
  const onAbort = () => {
    aborted = true;
    stop();
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  const line = await new Promise<string | null>((resolve) => {
    server.pending = resolve;
    server.child.stdin.write(serveFrame(args));
  });
  signal?.removeEventListener('abort', onAbort);
  clearTimeout(timer);
  setChildRef(server.child, false);
  server.busy = false;
  // To the back of the line: the helper now ends this box and prepares the next one, so the
  // next run goes to the helper idle the longest, whose box is warm.
  const at = servers.indexOf(server);
  if (at >= 0) servers.push(...servers.splice(at, 1));
  if (line === null) {
    const { exitCode, signalCode } = server.child;
    return { code: exitCode, signal: signalCode, stdout: '', stderr: server.stderr, timedOut, aborted };
  }
  trim();
  return { code: 0, signal: null, stdout: `${line}\n`, stderr: '', timedOut, aborted };
}

/** Ends the idle serving helpers (they remove their cgroups); e.g. before a clean shutdown. */
export function drainServers(): void {
  for (const s of servers.splice(0)) {
    s.ended = true;
    s.child.stdin.end();
  }
}
