import { describe, expect, it } from 'vitest';
import { indexTokens, pinyinTokens, queryTokens } from './analyze';
import { markTerms, snippet } from './present';
import { parseQuery } from './query';
import { ftsQuery, tsquery, tsvectorLiteral } from './match-text';

describe('search text analysis', () => {
  it('keeps competitive-programming terms whole and indexes their sub-words', () => {
    expect(indexTokens('用线段树维护区间和')).toEqual(
      expect.arrayContaining(['线段树', '线段', '维护', '区间和']),
    );
    expect(queryTokens('线段树')).toEqual(['线段树']);
    expect(indexTokens('Dijkstra 最短路径')).toEqual(expect.arrayContaining(['dijkstra', '最短路']));
    for (const term of [
      '树状数组',
      '莫队',
      '二分图',
      '动态规划',
      '并查集',
      '拓扑排序',
      '最小生成树',
      '单调栈',
      '前缀和',
      '记忆化搜索',
      '字符串哈希',
      '网络流',
    ])
      expect(queryTokens(term)).toEqual([term]);
    expect(queryTokens('KMP 字符串')).toEqual(['kmp', '字符串']);
  });

  it('drops punctuation and markup characters from tokens', () => {
    expect(indexTokens('<script>alert("x")</script>')).toEqual(['script', 'alert', 'x', 'script']);
  });

  it('gives full pinyin and initials of titles and names', () => {
    expect(pinyinTokens('线段树模板')).toEqual(
      expect.arrayContaining(['xianduanshu', 'xds', 'muban', 'xdsmb']),
    );
    expect(pinyinTokens('张三')).toEqual(expect.arrayContaining(['zhangsan', 'zs']));
    expect(pinyinTokens('alice')).toEqual([]);
  });

  it('parses tag:, user: and #id', () => {
    expect(parseQuery('tag:动态规划 背包 user:alice')).toMatchObject({
      tags: ['动态规划'],
      user: 'alice',
      terms: ['背包'],
    });
    expect(parseQuery('#1000')).toMatchObject({ id: 1000, terms: [] });
    expect(parseQuery('1000')).toMatchObject({ id: 1000, exact: '1000' });
    expect(parseQuery('Alice')).toMatchObject({ exact: 'alice', terms: ['alice'] });
  });

  it('builds the same query for both dialects', () => {
    expect(ftsQuery(['线段树', 'xds', '1000'], ['动态规划'])).toBe(
      '"线段树" AND "xds"* AND "1000" AND tags : "动态规划"',
    );
    expect(tsquery(['线段树', 'xds', '1000'], ['动态规划'])).toBe(
      "'线段树' & 'xds':* & '1000' & '动态规划':C",
    );
    expect(ftsQuery(['a', 'xds'], ['t'], 'title')).toBe('{title} : ("a" AND "xds"*) AND tags : "t"');
    expect(ftsQuery(['a'], [], 'rest')).toBe('("a") NOT {title} : ("a")');
    expect(tsquery(['a', 'xds'], ['t'], 'title')).toBe("'a':A & 'xds':*A & 't':C");
    expect(tsquery(['a'], [], 'rest')).toBe("('a') & !('a':A)");
    expect(tsvectorLiteral({ title: ['a', 'b'], tags: ['t'], body: ['a'] })).toBe("'a':1A,4D 'b':2A 't':3C");
  });

  it('escapes text and marks only matched terms', () => {
    expect(markTerms('<script>线段树</script>', ['线段树'])).toBe(
      '&lt;script&gt;<mark>线段树</mark>&lt;/script&gt;',
    );
    expect(markTerms('a & amp', ['amp'])).toBe('a &amp; <mark>amp</mark>');
    const long = `${'前言'.repeat(100)}这里用线段树维护${'后记'.repeat(100)}`;
    const s = snippet(long, ['线段树']);
    expect(s.startsWith('…')).toBe(true);
    expect(s).toContain('<mark>线段树</mark>');
    expect(Array.from(s.replace(/<\/?mark>/g, '')).length).toBeLessThanOrEqual(122);
  });
});
