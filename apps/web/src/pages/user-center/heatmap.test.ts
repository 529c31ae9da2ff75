import { describe, expect, it, vi } from 'vitest';
import { debounce, HEATMAP_PIECES, heatmapData, totalPractice } from './heatmap';

describe('practice heatmap helpers', () => {
  it('steps its colours at 2, 5, 10 and 15 a day', () => {
    expect(HEATMAP_PIECES.map((p) => p.max)).toEqual([2, 5, 10, 15, undefined]);
  });

  it('keeps the days of the asked year only', () => {
    const counts = [
      { date: '2025-12-31', num: 4 },
      { date: '2026-01-01', num: 3 },
      { date: '2026-03-08', num: 12 },
    ];
    expect(heatmapData(counts, 2026)).toEqual([
      ['2026-01-01', 3],
      ['2026-03-08', 12],
    ]);
    expect(totalPractice(counts)).toBe(19);
  });

  it('debounces bursts into one call', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const d = debounce(fn, 200);
    d();
    d();
    vi.advanceTimersByTime(199);
    d();
    vi.advanceTimersByTime(200);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });
});
