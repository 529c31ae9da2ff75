import { describe, expect, it } from 'vitest';
import { calendarDays, colourOf, dayText, EMPTY_COLOR, monthStarts } from './calendarGrid';

describe('the practice calendar grid', () => {
  it('lays a year out in week columns with Monday on top', () => {
    // 2026-01-01 is a Thursday: the first column starts three rows down.
    const { days, weeks } = calendarDays([], '2026');
    expect(days).toHaveLength(365);
    expect(days[0]).toMatchObject({ date: '2026-01-01', week: 0, weekday: 3 });
    expect(days[4]).toMatchObject({ date: '2026-01-05', week: 1, weekday: 0 }); // a Monday
    expect(days[364]).toMatchObject({ date: '2026-12-31', week: 52, weekday: 3 });
    expect(weeks).toBe(53);
    expect(calendarDays([], '2028').days).toHaveLength(366);
  });

  it('takes counts from the data and drops days outside the range', () => {
    const { days } = calendarDays(
      [
        ['2025-12-31', 9],
        ['2026-03-02', 4, 1],
        ['2026-03-03', 20],
      ],
      ['2026-03-01', '2026-03-03'],
    );
    expect(days.map((d) => [d.date, d.count, d.accepted])).toEqual([
      ['2026-03-01', 0, undefined],
      ['2026-03-02', 4, 1],
      ['2026-03-03', 20, undefined],
    ]);
    // 2026-03-01 is a Sunday (the last row), the Monday after starts the next column.
    expect(days[0]).toMatchObject({ week: 0, weekday: 6 });
    expect(days[1]).toMatchObject({ week: 1, weekday: 0 });
    expect(dayText(days[1])).toBe('2026-03-02：练习 4 次，通过 1 次');
    expect(dayText(days[0])).toBe('2026-03-01：练习 0 次');
  });

  it('places each month label at the week the month starts in', () => {
    const starts = monthStarts(calendarDays([], '2026').days);
    expect(starts).toHaveLength(12);
    expect(starts[0]).toEqual({ month: 1, week: 0 });
    expect(starts[1]).toEqual({ month: 2, week: 4 }); // 2026-02-01, a Sunday, in the fifth column
    // A range starting mid-month labels that month at the first column.
    expect(monthStarts(calendarDays([], ['2026-03-15', '2026-05-01']).days)).toEqual([
      { month: 3, week: 0 },
      { month: 4, week: 3 }, // 03-15 is a Sunday; 04-01 a Wednesday, in the fourth column
      { month: 5, week: 7 },
    ]);
  });

  it('colours a day by SPEC §9 steps', () => {
    expect(colourOf(0)).toBe(EMPTY_COLOR);
    expect([1, 2, 3, 5, 6, 10, 11, 15, 16, 99].map(colourOf)).toEqual([
      '#c6e48b',
      '#c6e48b',
      '#7bc96f',
      '#7bc96f',
      '#49af5d',
      '#49af5d',
      '#2e8840',
      '#2e8840',
      '#196127',
      '#196127',
    ]);
  });
});
