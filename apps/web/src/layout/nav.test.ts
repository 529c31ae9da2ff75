import { describe, expect, it } from 'vitest';
import { activeNavKey, MORE_LINKS, searchPath } from './nav';

describe('navigation helpers', () => {
  it('search always opens page 1 and keeps the other filters', () => {
    expect(searchPath('  动态规划 ')).toBe('/search/%E5%8A%A8%E6%80%81%E8%A7%84%E5%88%92?pageNum=1');
    expect(searchPath('dp', new URLSearchParams('category=problem&pageNum=4'))).toBe(
      '/search/dp?category=problem&pageNum=1',
    );
    expect(searchPath('   ')).toBeNull();
  });

  it('marks the top link of the current section', () => {
    expect(activeNavKey('/problems/algorithm/3')).toBe('/problems');
    expect(activeNavKey('/introduction')).toBe('/introduction');
    expect(activeNavKey('/records')).toBe('/problems');
    expect(activeNavKey('/code-replay/12')).toBe('/code-replay');
    expect(activeNavKey('/user')).toBe('');
  });

  it('offers the data-structure animation in 更多, enabled', () => {
    expect(MORE_LINKS.find((l) => l.path === '/data-structure-animation')).toMatchObject({
      label: '数据结构动画',
      disabled: false,
    });
  });
});
