// A run the caller no longer needs (an interactor still running after its program ended) is
// stopped through RunSpec.signal: a sandbox error at once, its box and processes gone.
import { afterAll, describe, expect, it } from 'vitest';
import { checkSandbox, runInSandbox } from './index';
import { defaultLimits, makeWorkDir, processesWithMarker, removeMadeDirs, uniqueMarker } from '../test/support';
import type { RunSpec } from './types';

const ready = (await checkSandbox()).ok;
afterAll(removeMadeDirs);

const sleeper = (marker: string, signal?: AbortSignal): RunSpec => ({
  argv: ['/bin/sh', '-c', 'sleep 30', marker],
  workDir: makeWorkDir(),
  env: { PATH: '/usr/bin:/bin' },
  limits: { ...defaultLimits, processes: 4, wallMs: 20_000 },
  signal,
});

describe.skipIf(!ready)('a run stopped by its caller', () => {
  it('ends as a sandbox error soon after the abort, leaving nothing running', async () => {
    const marker = uniqueMarker();
    const stop = new AbortController();
    const started = Date.now();
    setTimeout(() => stop.abort(), 300);
    const result = await runInSandbox(sleeper(marker, stop.signal));
    expect(result).toMatchObject({ outcome: 'sandbox-error', message: 'stopped by the caller' });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(processesWithMarker(marker, '/bin/sh')).toEqual([]);
    // The pool goes on: the next run works.
    const next = await runInSandbox({ ...sleeper(uniqueMarker()), argv: ['/bin/true'] });
    expect(next.outcome).toBe('exited');
  }, 30_000);

  it('does not start when already stopped', async () => {
    const stop = new AbortController();
    stop.abort();
    const result = await runInSandbox(sleeper(uniqueMarker(), stop.signal));
    expect(result).toMatchObject({ outcome: 'sandbox-error', message: 'stopped by the caller before it started' });
  });
});
