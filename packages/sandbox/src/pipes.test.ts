// Two boxes joined by the caller's FIFOs (an interactive problem: a program and its interactor),
// each in its own box: they talk, neither starts before both pipes have a writer, a box whose
// partner never comes can be released, and the end times order the two runs.
import { execFileSync } from 'node:child_process';
import { closeSync, constants, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkSandbox, runInSandbox } from './index';
import { defaultLimits, makeWorkDir, removeMadeDirs } from '../test/support';
import type { RunSpec } from './types';

const ready = (await checkSandbox()).ok;
afterAll(removeMadeDirs);

/** A private directory with the two FIFOs: `toB` (A's stdout, B's stdin) and `toA` (back). */
function fifoPair() {
  const dir = mkdtempSync(join(tmpdir(), 'oj-sandbox-pipes-'));
  const toA = join(dir, 'to-a');
  const toB = join(dir, 'to-b');
  execFileSync('mkfifo', ['-m', '600', toA, toB]);
  return { dir, toA, toB };
}

const shell = (script: string, extra: Partial<RunSpec>): RunSpec => ({
  argv: ['/bin/sh', '-c', script],
  workDir: makeWorkDir(),
  env: { PATH: '/usr/bin:/bin' },
  ...extra,
  limits: { ...defaultLimits, processes: 8, wallMs: 5000 },
});

describe.skipIf(!ready)('two boxes joined by pipes', () => {
  it('talk to each other, each in its own box', async () => {
    const { toA, toB } = fifoPair();
    const stderr = join(makeWorkDir(), 'stderr');
    const [a, b] = await Promise.all([
      // A asks, B answers in capitals; A checks the answer.
      runInSandbox(
        shell('echo hello; read r; [ "$r" = HELLO ] && echo "A saw $r" >&2', {
          stdinFile: toA,
          stdoutFile: toB,
          stderrFile: stderr,
        }),
      ),
      runInSandbox(shell('read x; echo "$x" | tr a-z A-Z', { stdinFile: toB, stdoutFile: toA })),
    ]);
    expect([a.outcome, a.exitCode, b.outcome, b.exitCode]).toEqual(['exited', 0, 'exited', 0]);
    expect(readFileSync(stderr, 'utf8')).toBe('A saw HELLO\n');
  }, 30_000);

  it('a program sees the end of its input only when its partner has gone, whichever box starts first', async () => {
    for (let round = 0; round < 5; round++) {
      const { toA, toB } = fifoPair();
      const stderr = join(makeWorkDir(), 'stderr');
      // B writes nothing for a while, then one line: A must not read an end of file before it.
      const a = () =>
        runInSandbox(
          shell('read line; echo "[$line]" >&2', { stdinFile: toA, stdoutFile: toB, stderrFile: stderr }),
        );
      const b = () => runInSandbox(shell('sleep 0.2; echo late', { stdinFile: toB, stdoutFile: toA }));
      const [ra, rb] = round % 2 ? await Promise.all([a(), b()]) : (await Promise.all([b(), a()])).reverse();
      expect([ra.outcome, rb.outcome]).toEqual(['exited', 'exited']);
      expect(readFileSync(stderr, 'utf8')).toBe('[late]\n');
    }
  }, 60_000);

  it('orders the two runs by when their programs ended', async () => {
    const { toA, toB } = fifoPair();
    const [first, second] = await Promise.all([
      runInSandbox(shell('exit 0', { stdinFile: toA, stdoutFile: toB })),
      // Reads an end of file once the first has gone, then lingers.
      runInSandbox(shell('cat >/dev/null; sleep 0.1', { stdinFile: toB, stdoutFile: toA })),
    ]);
    expect(first.endedAtUs).toBeGreaterThan(0);
    expect(second.endedAtUs).toBeGreaterThan((first.endedAtUs ?? 0) + 50_000);
  }, 30_000);

  it('a box whose partner never comes is released by the caller opening the pipes', async () => {
    const { toA, toB } = fifoPair();
    let done = false;
    const alone = runInSandbox(shell('cat; echo finished >&2', { stdinFile: toA, stdoutFile: toB })).finally(
      () => (done = true),
    );
    // The box waits in its setup (its program has not started: no wall time runs yet).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(done).toBe(false);
    const poke = setInterval(() => {
      for (const fifo of [toA, toB]) closeSync(openSync(fifo, constants.O_RDWR | constants.O_NONBLOCK));
    }, 50);
    const result = await alone.finally(() => clearInterval(poke));
    // Its program ran and read an end of file at once (or met a closed pipe): either way it ended.
    expect(['exited', 'signaled']).toContain(result.outcome);
    expect(result.wallMs).toBeLessThan(5000);
  }, 30_000);
});
