import dayjs, { type Dayjs } from 'dayjs';

/** A new contest starts in an hour (on the full hour) and lasts two (wizard and math / 408 page). */
export function defaultRange(now: Dayjs = dayjs()): [Dayjs, Dayjs] {
  const start = now.add(1, 'hour').startOf('hour');
  return [start, start.add(2, 'hour')];
}
