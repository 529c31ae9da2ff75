import { describe, expect, it } from 'vitest';
import { keepAliveKey, touchKept } from './KeepAlive';

describe('kept pages', () => {
  it('keeps the algorithm solving page, one instance per problem, and nothing else', () => {
    expect(keepAliveKey('/problems/algorithm/1000')).toBe('/problems/algorithm/1000');
    expect(keepAliveKey('/problems/algorithm/1000/')).toBe('/problems/algorithm/1000');
    for (const other of [
      '/problems',
      '/problems/1000/records/5',
      '/problems/math408/3',
      '/problems/algorithm/x',
    ])
      expect(keepAliveKey(other)).toBeNull();
  });

  it('drops the least recently shown page beyond the limit', () => {
    const cache = new Map<string, number>();
    expect(touchKept(cache, 'a', 1, 3)).toEqual([]);
    touchKept(cache, 'b', 2, 3);
    touchKept(cache, 'c', 3, 3);
    touchKept(cache, 'a', 4, 3); // shown again: now the most recent
    expect(touchKept(cache, 'd', 5, 3)).toEqual(['b']);
    expect([...cache]).toEqual([
      ['c', 3],
      ['a', 4],
      ['d', 5],
    ]);
  });
});
