import { describe, expect, it } from 'vitest';
import { INT_MAX, INT_MIN, refuseOutOfRange } from './number-guard';

describe('the 32-bit range of request numbers', () => {
  it('lets the whole range through and refuses one past either end, naming the field', () => {
    expect(() =>
      refuseOutOfRange({ a: INT_MAX, b: INT_MIN, c: [0, -1, 1.5], d: 'x', e: null }),
    ).not.toThrow();
    expect(() => refuseOutOfRange({ problem_id: INT_MAX + 1 })).toThrow(
      expect.objectContaining({ message: '题目编号不能大于 2147483647', field: 'problem_id', status: 400 }),
    );
    expect(() => refuseOutOfRange({ programming: { time_limit: INT_MIN - 1 } })).toThrow(
      expect.objectContaining({ message: '时间限制不能小于 -2147483648', field: 'programming.time_limit' }),
    );
    expect(() => refuseOutOfRange({ tags_list: [1, Infinity] })).toThrow(
      expect.objectContaining({ field: 'tags_list' }),
    );
    // Dates and other objects the schemas make are not numbers.
    expect(() => refuseOutOfRange({ start_time: new Date(8.64e15) })).not.toThrow();
  });
});
