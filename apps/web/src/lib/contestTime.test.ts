import { describe, expect, it } from 'vitest';
import { formatCountdown, formatDate, formatDateTime, formatLength, phaseAt } from './contestTime';

describe('competition times', () => {
  it('formats countdowns with days only when needed', () => {
    expect(formatCountdown(0)).toBe('00:00:00');
    expect(formatCountdown(61_500)).toBe('00:01:01');
    expect(formatCountdown(90_061_000)).toBe('1 天 01:01:01');
    expect(formatCountdown(-5000)).toBe('00:00:00');
  });
  it('writes days and times in the browser zone, padded', () => {
    const local = new Date(2026, 2, 5, 7, 9); // 5 March 2026, 07:09 where the test runs
    expect(formatDate(local)).toBe('2026-03-05');
    expect(formatDate(local.getTime())).toBe('2026-03-05');
    expect(formatDateTime(local.toISOString())).toBe('2026-03-05 07:09');
  });
  it('words contest lengths', () => {
    expect(formatLength('2026-01-01T00:00:00Z', '2026-01-01T02:30:00Z')).toBe('2 小时 30 分钟');
    expect(formatLength('2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z')).toBe('1 天');
  });
  it('finds the phase on the boundaries', () => {
    const s = '2026-01-01T00:00:00Z';
    const e = '2026-01-01T01:00:00Z';
    expect(phaseAt(s, e, Date.parse(s) - 1)).toBe('upcoming');
    expect(phaseAt(s, e, Date.parse(s))).toBe('running');
    expect(phaseAt(s, e, Date.parse(e))).toBe('ended');
  });
});

describe('freeze window', () => {
  it('starts freeze_minutes before the end and lasts until unfrozen', async () => {
    const { frozenNow } = await import('./contestTime');
    const c = { frozen: true, freeze_minutes: 30, end_time: '2026-01-01T02:00:00Z' };
    expect(frozenNow(c, Date.parse('2026-01-01T01:29:59Z'))).toBe(false);
    expect(frozenNow(c, Date.parse('2026-01-01T01:30:00Z'))).toBe(true);
    expect(frozenNow(c, Date.parse('2026-01-02T00:00:00Z'))).toBe(true);
    expect(frozenNow({ ...c, frozen: false }, Date.parse('2026-01-01T01:45:00Z'))).toBe(false);
  });
});
