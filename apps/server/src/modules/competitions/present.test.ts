import { describe, expect, it } from 'vitest';
import { isFrozenNow, stateOf } from './present';

const end = Date.parse('2026-01-01T12:00:00Z');
const contest = (freeze_minutes: number, unfrozen = 0) => ({
  start_time: '2026-01-01T10:00:00Z',
  end_time: '2026-01-01T12:00:00Z',
  freeze_minutes,
  unfrozen,
});

describe('contest state and freeze', () => {
  it('is frozen from freeze_minutes before the end until an admin unfreezes', () => {
    const c = contest(30);
    expect(isFrozenNow(c, Date.parse('2026-01-01T09:00:00Z'))).toBe(false); // before the start
    expect(isFrozenNow(c, end - 31 * 60_000)).toBe(false);
    expect(isFrozenNow(c, end - 30 * 60_000)).toBe(true);
    expect(isFrozenNow(c, end + 3_600_000)).toBe(true); // the freeze outlasts the end
    expect(isFrozenNow(contest(30, 1), end - 60_000)).toBe(false);
    expect(isFrozenNow(contest(0), end - 60_000)).toBe(false);
  });

  it('tells upcoming, running and ended apart', () => {
    expect(stateOf(contest(0), Date.parse('2026-01-01T09:59:59Z'))).toBe('upcoming');
    expect(stateOf(contest(0), Date.parse('2026-01-01T10:00:00Z'))).toBe('running');
    expect(stateOf(contest(0), end)).toBe('ended');
  });
});
