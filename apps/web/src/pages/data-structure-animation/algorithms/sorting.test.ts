import { describe, expect, it } from 'vitest';
import { sortRun, type SortKey } from './sorting';
import { lastState, parseNumbers } from './types';
import { rng, wellFormed } from './testing';

const KEYS: SortKey[] = ['bubble', 'insertion', 'quick', 'merge'];

describe('sorting frames', () => {
  it.each(KEYS)('%s ends sorted on random arrays, duplicates and edge cases', (key) => {
    const r = rng(7);
    const cases = [[], [1], [2, 1], [3, 3, 3], [5, 4, 3, 2, 1], [1, 2, 3, 4]];
    for (let t = 0; t < 60; t++) cases.push(Array.from({ length: 1 + r(16) }, () => r(20) - 5));
    for (const input of cases) {
      const run = sortRun(key, input);
      expect(wellFormed(run)).toBeNull();
      const end = lastState(run);
      expect(end.a).toEqual([...input].sort((x, y) => x - y));
      expect(end.sorted.length).toBe(input.length);
      // Each frame holds a permutation of the input: nothing invented or lost (insertion and merge
      // sort hold values aside in their buffer meanwhile).
      if (key === 'bubble' || key === 'quick')
        for (const f of run.frames) expect([...f.state.a].sort((x, y) => x - y)).toEqual(end.a);
    }
  });

  it('frames are snapshots: the first frame still shows the input after the run', () => {
    const run = sortRun('bubble', [3, 1, 2]);
    expect(run.frames[0].state.a).toEqual([3, 1, 2]);
    expect(run.frames.some((f) => f.state.kind === 'swap')).toBe(true);
    // The highlighted line moves while it runs.
    expect(new Set(run.frames.map((f) => f.line)).size).toBeGreaterThan(3);
  });

  it('bubble sort stops early on sorted input', () => {
    const run = sortRun('bubble', [1, 2, 3, 4, 5]);
    expect(run.frames.filter((f) => f.state.kind === 'compare')).toHaveLength(4);
  });

  it('parses the numbers the user types', () => {
    expect(parseNumbers('5, 3，8 1\n-2')).toEqual([5, 3, 8, 1, -2]);
    expect(parseNumbers('')).toBe('请输入至少一个整数');
    expect(parseNumbers('1 a')).toBe('「a」不是整数');
    expect(parseNumbers('1 2 3', { max: 2 })).toBe('最多 2 个数');
    expect(parseNumbers('100000')).toMatch(/数值应在/);
  });
});
