import { describe, expect, it } from 'vitest';
import { ALGORITHM_TAG_CATEGORIES, ALGORITHM_TAGS } from './algorithm-tags';
import { TAG_ALIASES, tagAliases } from './tag-aliases';

// Issue 29: the one alias table of tags names real tags or categories, in index-token form.
describe('tag aliases', () => {
  it('names existing tags or categories and gives lower-case tokens', () => {
    const names = new Set([
      ...ALGORITHM_TAGS.map((t) => t.tag_name),
      ...ALGORITHM_TAG_CATEGORIES.map((c) => c.category_name),
    ]);
    for (const [name, aliases] of Object.entries(TAG_ALIASES)) {
      expect(names.has(name), name).toBe(true);
      for (const a of aliases) expect(a).toMatch(/^[a-z0-9]+$/);
    }
  });

  it('gives a tag its own and its category’s aliases', () => {
    expect(tagAliases('背包DP')).toEqual(['dp']);
    expect(tagAliases('广度优先搜索')).toEqual(['bfs']);
    expect(tagAliases('莫队')).toEqual([]);
    expect(tagAliases('不存在的标签')).toEqual([]);
  });
});
