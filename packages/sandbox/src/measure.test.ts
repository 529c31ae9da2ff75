// Memory figures (peak resident set beside the cgroup's peak) and discarded writes.
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInSandbox } from './index';
import { compileFixtures, defaultLimits, fixtureSpec, makeWorkDir, removeMadeDirs } from '../test/support';

let fixtures = '';
beforeAll(async () => {
  fixtures = await compileFixtures();
});
afterAll(removeMadeDirs);

describe('runInSandbox measurements', () => {
  it('reports the peak resident set, the cgroup peak beside it, and the larger as memoryKiB', async () => {
    const res = await runInSandbox(fixtureSpec(fixtures, 'touch_memory', ['20']));
    expect(res.outcome).toBe('exited');
    expect(res.maxRssKiB).toBeGreaterThan(20 * 1024);
    expect(res.maxRssKiB).toBeLessThan(30 * 1024);
    expect(res.cgroupPeakKiB).toBeGreaterThan(0);
    expect(res.memoryKiB).toBe(Math.max(res.maxRssKiB ?? 0, res.cgroupPeakKiB ?? 0));
  });

  it('the memory limit still counts what the cgroup counts', async () => {
    const res = await runInSandbox(fixtureSpec(fixtures, 'touch_memory', ['100'], { limits: { ...defaultLimits, memoryKiB: 32 * 1024 } }));
    expect(res.outcome).toBe('memory-limit');
  });

  it('discards what the program wrote when asked, and says how much it was', async () => {
    const workDir = makeWorkDir();
    const res = await runInSandbox(
      fixtureSpec(fixtures, 'disk_flood', ['100000', 'stop'], { workDir, discardWrites: true, limits: { ...defaultLimits, diskBytes: 1 << 20 } }),
    );
    expect(res.outcome).toBe('output-limit');
    expect(res.diskFull).toBe(true);
    expect(res.writtenBytes).toBeGreaterThan(900_000);
    expect(readdirSync(workDir)).toEqual([]);
  });

  it('copies back by default and reports the bytes written', async () => {
    const workDir = makeWorkDir();
    const res = await runInSandbox(fixtureSpec(fixtures, 'disk_flood', ['100000', 'stop'], { workDir, limits: { ...defaultLimits, diskBytes: 300_000 } }));
    expect(res.diskFull).toBe(true);
    expect(res.writtenBytes).toBeGreaterThan(250_000);
    expect(readdirSync(workDir).length).toBeGreaterThan(1);
  });
});
