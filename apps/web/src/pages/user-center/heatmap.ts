import type { DailyCount } from '../../lib/contract';

// The colours and the resize debounce are shared with the class student page's calendar (src/lib).
export { debounce, HEATMAP_PIECES } from '../../lib/heatmap';

/** The calendar's data ([date, count]) for one year; other years' rows are ignored. */
export function heatmapData(counts: readonly DailyCount[], year: number): Array<[string, number]> {
  return counts.filter((c) => c.date.startsWith(`${year}-`) && c.num > 0).map((c) => [c.date, c.num]);
}

export const totalPractice = (counts: readonly DailyCount[]) => counts.reduce((s, c) => s + c.num, 0);
