// The fallback for hosts where serving helpers cannot run (cgroup v2 without a resettable
// memory.peak) and for OJ_SANDBOX_SERVE=0: one warm helper per run, the same outcomes.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELPER_PATH } from './helper';
import { runInSandbox } from './index';
import { compileFixtures, defaultLimits, fixtureSpec, makeWorkDir, removeMadeDirs, sweepStaleCgroups } from '../test/support';

let fixtures = '';
beforeAll(async () => {
  process.env.OJ_SANDBOX_SERVE = '0';
  fixtures = await compileFixtures();
});
afterAll(() => {
  delete process.env.OJ_SANDBOX_SERVE;
  removeMadeDirs();
});

describe('a warm helper per run (OJ_SANDBOX_SERVE=0)', () => {
  it('runs, limits and measures as the serving helpers do, and leaves no cgroup behind', async () => {
    const children = (line: string) =>
      readdirSync('/proc').filter((pid) => {
        try {
          const ppid = /^PPid:\s+(\d+)$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
          return Number(ppid) === process.pid && readFileSync(`/proc/${pid}/cmdline`, 'utf8') === line;
        } catch {
          return false;
        }
      });
    const servingBefore = children(`${HELPER_PATH}\0serve\0`);
    const out = join(makeWorkDir(), 'out');
    const results = await Promise.all([
      runInSandbox(fixtureSpec(fixtures, 'exit_with', ['3'], { stdoutFile: out })),
      runInSandbox(fixtureSpec(fixtures, 'memory_bomb', [], { limits: { ...defaultLimits, memoryKiB: 32 * 1024 } })),
      runInSandbox(fixtureSpec(fixtures, 'sleep_forever', [], { limits: { ...defaultLimits, wallMs: 300 } })),
      runInSandbox({ argv: ['/bin/sh', '-c', 'echo made > made.txt'], workDir: makeWorkDir(), limits: defaultLimits }),
    ]);
    expect(results.map((r) => r.outcome)).toEqual(['exited', 'memory-limit', 'wall-limit', 'exited']);
    expect(results[0].exitCode).toBe(3);
    for (const r of results) expect(sweepStaleCgroups(r.slot)).toBe(0);
    // They were one-run helpers (the pool refilled with more), not serving ones (those that
    // earlier files of this worker left running are not this test's).
    expect(children(`${HELPER_PATH}\0run\0--spec-on-stdin\0`).length).toBeGreaterThan(0);
    expect(children(`${HELPER_PATH}\0serve\0`).filter((pid) => !servingBefore.includes(pid))).toEqual([]);
  });

  it('copies back what a run adds to the work dir', async () => {
    const workDir = makeWorkDir();
    const r = await runInSandbox({ argv: ['/bin/sh', '-c', 'echo made > made.txt'], workDir, limits: defaultLimits });
    expect(r.outcome).toBe('exited');
    expect(readFileSync(join(workDir, 'made.txt'), 'utf8')).toBe('made\n');
  });
});
