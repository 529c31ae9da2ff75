import { describe, expect, it } from 'vitest';
import { CorePool, runInLanes } from './lanes';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Tests whose outcome is given: 'x' fails; durations make later tests finish first. */
function scenario(outcomes: string, durations: number[]) {
  const started: number[] = [];
  const lanesSeen = new Set<number>();
  let atOnce = 0;
  let maxAtOnce = 0;
  const run = async (k: number, lane: number) => {
    started.push(k);
    lanesSeen.add(lane);
    maxAtOnce = Math.max(maxAtOnce, ++atOnce);
    await sleep(durations[k % durations.length]);
    atOnce--;
    return { k, ok: outcomes[k] !== 'x' };
  };
  return { run, started, lanesSeen, max: () => maxAtOnce };
}

describe('runInLanes', () => {
  it('runs on idle cores, reports in test order, and returns every result in "all" mode', async () => {
    const s = scenario('..x.....', [20, 1, 5]);
    const pool = new CorePool(3);
    pool.hold();
    const reported: number[] = [];
    const results = await runInLanes({
      total: 8,
      run: s.run,
      failed: (r) => !r.ok,
      stopAtFailure: false,
      onResult: (k) => reported.push(k),
      pool,
    });
    expect(results.map((r) => r.k)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(reported).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(s.max()).toBe(3);
    expect(pool.inUse).toBe(1); // borrowed cores are all back
  });

  it('stops at the first failure exactly as one by one would, whatever finished first', async () => {
    // Test 1 fails slowly while 2 and 3 (one fails) finish first.
    const s = scenario('.xx.....', [1, 30, 1, 1]);
    const pool = new CorePool(4);
    pool.hold();
    const reported: number[] = [];
    const results = await runInLanes({
      total: 8,
      run: s.run,
      failed: (r) => !r.ok,
      stopAtFailure: true,
      onResult: (k) => reported.push(k),
      pool,
    });
    expect(results.map((r) => r.k)).toEqual([0, 1]);
    expect(reported).toEqual([0, 1]);
    expect(Math.max(...s.started)).toBeLessThan(8);
    expect(pool.inUse).toBe(1);
  });

  it('borrows nothing when every core is held by a submission', async () => {
    const s = scenario('....', [2]);
    const pool = new CorePool(2);
    pool.hold();
    pool.hold();
    await runInLanes({ total: 4, run: s.run, failed: (r) => !r.ok, stopAtFailure: false, pool });
    expect(s.max()).toBe(1);
    expect([...s.lanesSeen]).toEqual([0]);
  });

  it('passes a thrown error on after the runs in flight end', async () => {
    const pool = new CorePool(2);
    pool.hold();
    const run = async (k: number) => {
      await sleep(k === 1 ? 1 : 10);
      if (k === 1) throw new Error('store down');
      return k;
    };
    await expect(
      runInLanes({ total: 6, run, failed: () => false, stopAtFailure: false, pool }),
    ).rejects.toThrow('store down');
    expect(pool.inUse).toBe(1);
  });
});
