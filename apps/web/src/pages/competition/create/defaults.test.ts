import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { defaultRange } from './defaults';

describe('default contest times', () => {
  it('start at the next full hour after an hour from now and last two hours', () => {
    const [start, end] = defaultRange(dayjs('2026-03-01T10:20:00'));
    expect(start.format('YYYY-MM-DD HH:mm')).toBe('2026-03-01 11:00');
    expect(end.diff(start, 'minute')).toBe(120);
  });
});
