import { getHeapSpaceStatistics } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { settleHeapAfterStart } from './settle-heap';

const youngMiB = () =>
  (getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_size ?? 0) / 1048576;

/** Allocates as a start does: many objects that live through a few scavenges, so V8 grows its young generation. */
function allocateLikeAStart() {
  let kept: unknown[] = [];
  for (let i = 0; i < 400_000; i++) {
    kept.push({ i, s: `x${i}`, a: [i, i + 1] });
    if (kept.length > 200_000) kept = kept.slice(100_000);
  }
  return kept.length;
}

describe('settling the heap after the start (issue 28)', () => {
  it('gives back the young generation once allocation is quiet, adding no global gc', async () => {
    const globalGc = (globalThis as { gc?: unknown }).gc;
    allocateLikeAStart();
    expect(youngMiB()).toBeGreaterThan(8);
    settleHeapAfterStart(500, 60);
    // V8 judges the allocation rate over its last 5 s: the shrink comes once the burst is older.
    await expect.poll(youngMiB, { timeout: 30_000, interval: 200 }).toBeLessThanOrEqual(8);
    expect((globalThis as { gc?: unknown }).gc).toBe(globalGc);
  }, 40_000);
});
