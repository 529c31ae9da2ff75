import { HEATMAP_PIECES } from '../../lib/heatmap';

/** One calendar cell: [date, submissions, accepted ones (optional)]. */
export type HeatmapCell = [string, number] | [string, number, number];

/** A day of the drawn calendar: its week column and weekday row (Monday = 0). */
export interface CalendarDay {
  date: string;
  week: number;
  weekday: number;
  count: number;
  accepted?: number;
}

const DAY_MS = 86_400_000;
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
const utc = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** The first and last date of a range: a year ('2026') or [first, last]. */
export function rangeDates(range: string | [string, string]): [string, string] {
  return typeof range === 'string' ? [`${range}-01-01`, `${range}-12-31`] : range;
}

/**
 * The days of the range laid out as contribution calendars are: one column per week, Monday on top.
 * Counts come from `data`; days outside the range are dropped.
 */
export function calendarDays(data: readonly HeatmapCell[], range: string | [string, string]) {
  const [first, last] = rangeDates(range);
  const byDate = new Map(data.map((c) => [c[0], c]));
  const start = utc(first);
  const end = utc(last);
  // getUTCDay: Sunday 0; the grid's rows start on Monday.
  const offset = (new Date(start).getUTCDay() + 6) % 7;
  const days: CalendarDay[] = [];
  for (let t = start, i = offset; t <= end; t += DAY_MS, i++) {
    const date = iso(t);
    const cell = byDate.get(date);
    days.push({
      date,
      week: Math.floor(i / 7),
      weekday: i % 7,
      count: cell?.[1] ?? 0,
      accepted: cell?.[2],
    });
  }
  const weeks = days.length ? days[days.length - 1].week + 1 : 0;
  return { days, weeks };
}

/** The week column in which each month starts (its label's place), for the months in view. */
export function monthStarts(days: readonly CalendarDay[]): { month: number; week: number }[] {
  return days
    .filter((d, i) => i === 0 || d.date.endsWith('-01'))
    .map((d) => ({ month: Number(d.date.slice(5, 7)), week: d.week }));
}

export const EMPTY_COLOR = '#ebedf0';

/** SPEC §9's colour for a day's count. */
export function colourOf(count: number): string {
  if (count <= 0) return EMPTY_COLOR;
  const piece = HEATMAP_PIECES.find((p) => count >= p.min && (p.max === undefined || count <= p.max));
  return piece?.color ?? HEATMAP_PIECES[HEATMAP_PIECES.length - 1].color;
}

/** What hovering or tapping a day says. */
export function dayText(d: CalendarDay): string {
  return `${d.date}：练习 ${d.count} 次${d.accepted !== undefined ? `，通过 ${d.accepted} 次` : ''}`;
}
