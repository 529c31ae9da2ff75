import { helperArgs, InvalidSpecError } from './args';
import { runOnServer, serveEnabled } from './serve-pool';
import { runOnWarmHelper } from './warm-pool';
import type { Outcome, RunResult, RunSpec } from './types';

/** How long past its wall limit a helper may take before we call it broken and kill it. */
export const HELPER_MARGIN_MS = 60_000;
/** A box that waited for a CPU is stopped at this many times its wall limit anyway (native STARVED_WALL_FACTOR). */
const STARVED_WALL_FACTOR = 100;

const OUTCOMES: readonly Outcome[] = [
  'exited',
  'signaled',
  'cpu-limit',
  'wall-limit',
  'memory-limit',
  'output-limit',
  'sandbox-error',
];

export function sandboxError(message: string): RunResult {
  return { outcome: 'sandbox-error', exitCode: null, signal: null, timeMs: 0, wallMs: 0, memoryKiB: 0, message };
}

function toNumber(v: unknown): number {
  return typeof v === 'number' && Number.isFinite(v) ? v : 0;
}

/** Parses the helper's one-line JSON answer; anything unexpected is a sandbox error. */
export function parseHelperResult(stdout: string): RunResult | null {
  const line = stdout.trim().split('\n').pop() ?? '';
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (typeof raw !== 'object' || raw === null || !OUTCOMES.includes(raw.outcome as Outcome)) return null;
  const result: RunResult = {
    outcome: raw.outcome as Outcome,
    exitCode: typeof raw.exitCode === 'number' ? raw.exitCode : null,
    signal: typeof raw.signal === 'number' ? raw.signal : null,
    timeMs: toNumber(raw.timeMs),
    wallMs: toNumber(raw.wallMs),
    memoryKiB: toNumber(raw.memoryKiB),
  };
  for (const key of ['cgroupPeakKiB', 'maxRssKiB', 'writtenBytes'] as const)
    if (typeof raw[key] === 'number') result[key] = toNumber(raw[key]);
  if (typeof raw.endedAtUs === 'number' && raw.endedAtUs > 0) result.endedAtUs = toNumber(raw.endedAtUs);
  if (typeof raw.message === 'string' && raw.message !== '') result.message = raw.message;
  if (raw.diskFull === true) result.diskFull = true;
  if (typeof raw.slot === 'number' && Number.isInteger(raw.slot)) result.slot = raw.slot;
  return result;
}

/** Runs without the host check; used by the check itself (its self-test) and by runInSandbox. */
export async function runUnchecked(spec: RunSpec): Promise<RunResult> {
  let args: string[];
  try {
    args = helperArgs(spec);
  } catch (err) {
    if (err instanceof InvalidSpecError) return sandboxError(`invalid run spec: ${err.message}`);
    throw err;
  }
  // The helper enforces wallMs itself, not counting the time the box waited for a CPU (up to 100×
  // wallMs); the margin covers its setup, the copy back of what the run wrote (thousands of files
  // on a busy disk take seconds) and a loaded host. Reaching it means a broken helper.
  const deadline = spec.limits.wallMs * STARVED_WALL_FACTOR + HELPER_MARGIN_MS;
  if (spec.signal?.aborted) return sandboxError('stopped by the caller before it started');
  const served = serveEnabled() ? await runOnServer(args.slice(1), deadline, spec.signal) : null;
  const out = served ?? (await runOnWarmHelper(args.slice(1), deadline, spec.signal));
  if (out.aborted) return sandboxError('stopped by the caller');
  const result = parseHelperResult(out.stdout);
  if (out.timedOut) return sandboxError(`sandbox helper did not finish in time; ${out.stderr.trim()}`.trim());
  if (!result) {
    const why = out.signal ? `killed by ${out.signal}` : `status ${out.code}`;
    return sandboxError(`sandbox helper failed (${why}): ${out.stderr.trim() || out.stdout.trim()}`);
  }
  return result;
}
