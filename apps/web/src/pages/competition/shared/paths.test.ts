import { describe, expect, it } from 'vitest';
import { contestProblemPath, indexOfOrder } from './paths';

describe('contest problem addresses', () => {
  it('are 1-based: index 0 (A) is /problem/1', () => {
    expect(contestProblemPath(7, 0)).toBe('/competition/7/problem/1');
    expect(contestProblemPath(7, 25)).toBe('/competition/7/problem/26');
  });
  it('read the order back, sending the old /problem/0 to the first problem', () => {
    expect(indexOfOrder('1')).toBe(0);
    expect(indexOfOrder('3')).toBe(2);
    expect(indexOfOrder('0')).toBe('first');
    for (const bad of [undefined, '', '-1', 'A', '1.5', '1e3']) expect(indexOfOrder(bad)).toBeNull();
  });
});
