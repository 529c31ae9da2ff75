import { describe, expect, it } from 'vitest';
import { formatClock } from './format';

describe('formatClock', () => {
  it('shows m:ss, and h:mm:ss past an hour', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(61_500)).toBe('1:01');
    expect(formatClock(3_725_000)).toBe('1:02:05');
  });
});
