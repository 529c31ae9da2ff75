import { describe, expect, it } from 'vitest';
import { ALGORITHM_TAG_CATEGORIES, ALGORITHM_TAGS, algorithmTagIndex, LANGUAGE_BASICS_TAG_ID } from './algorithm-tags';
import { MATH408_TAG_CATEGORIES, MATH408_TAGS, math408TagIndex, subjectOfTags } from './math408-tags';
import type { TagCategory, TagLike } from './tag-index';

function checkList(tags: readonly TagLike[], categories: readonly TagCategory[]) {
  const ids = tags.map((t) => t.tag_id);
  expect(new Set(ids).size).toBe(ids.length);
  expect(new Set(categories.map((c) => c.category_id)).size).toBe(categories.length);
  expect(new Set(categories.map((c) => c.category_name)).size).toBe(categories.length);
  const categoryNames = new Set(categories.map((c) => c.category_name));
  for (const t of tags) {
    expect(Number.isInteger(t.tag_id), `${t.tag_name}`).toBe(true);
    expect(t.tag_name.trim(), `tag ${t.tag_id}`).toBe(t.tag_name);
    expect(t.tag_name.length).toBeGreaterThan(0);
    expect(categoryNames.has(t.category), `category of ${t.tag_id}`).toBe(true);
  }
  for (const c of categories) {
    const names = tags.filter((t) => t.category === c.category_name).map((t) => t.tag_name);
    expect(names.length, `category ${c.category_name} is empty`).toBeGreaterThan(0);
    expect(new Set(names).size, `duplicate name in ${c.category_name}`).toBe(names.length);
  }
}

describe('algorithm tags', () => {
  it('has unique ids, unique names per category and at least 300 entries', () => {
    checkList(ALGORITHM_TAGS, ALGORITHM_TAG_CATEGORIES);
    expect(ALGORITHM_TAGS.length).toBeGreaterThanOrEqual(300);
  });

  it('has the -2 entry pointing to the intro and interview bank', () => {
    const tag = algorithmTagIndex.byId(LANGUAGE_BASICS_TAG_ID);
    expect(tag?.tag_name).toContain('入门与面试题库');
  });

  it('looks tags up by id and groups them by category in order', () => {
    expect(algorithmTagIndex.byId(101)?.tag_name).toBe('模拟');
    expect(algorithmTagIndex.byId(99999)).toBeUndefined();
    const groups = algorithmTagIndex.grouped();
    expect(groups.map((g) => g.category_name)).toEqual(ALGORITHM_TAG_CATEGORIES.map((c) => c.category_name));
    expect(groups.reduce((n, g) => n + g.tags.length, 0)).toBe(ALGORITHM_TAGS.length);
    const dp = groups.find((g) => g.category_name === '动态规划');
    expect(dp?.tags.map((t) => t.tag_name)).toContain('01背包');
  });

  it('keeps the ids of well-known tags (stored problems refer to them)', () => {
    const byName = (name: string) => ALGORITHM_TAGS.find((t) => t.tag_name === name)?.tag_id;
    expect(byName('模拟')).toBe(101);
    expect(byName('深度优先搜索')).toBe(201);
    expect(byName('动态规划')).toBe(301);
  });
});

describe('math / 408 tags', () => {
  it('has tag 1 = 微积分 and the four 408 subjects', () => {
    checkList(MATH408_TAGS, MATH408_TAG_CATEGORIES);
    expect(math408TagIndex.byId(1)?.tag_name).toBe('微积分');
    for (const subject of ['线性代数', '概率论与数理统计', '数据结构', '计算机组成原理', '操作系统', '计算机网络']) {
      expect(MATH408_TAGS.some((t) => t.tag_name === subject), subject).toBe(true);
    }
    expect(math408TagIndex.grouped().every((g) => g.tags.length > 1)).toBe(true);
  });
});

describe('subjectOfTags', () => {
  it('tells math (categories 1–3) from 408 (4–7) by any tag, and refuses none or both', () => {
    expect(subjectOfTags([1, 101])).toBe('math');
    expect(subjectOfTags([305])).toBe('math');
    expect(subjectOfTags([4, 420, 401])).toBe('408');
    expect(subjectOfTags([714])).toBe('408');
    expect(subjectOfTags([])).toBeNull();
    expect(subjectOfTags([101, 403])).toBeNull();
  });
});
