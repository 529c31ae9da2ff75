import { describe, expect, it } from 'vitest';
import { checkTags, parseTagsString } from './tags';

describe('profile tags (SPEC §3, §5)', () => {
  it('strips the first and last character and removes spaces', () => {
    expect(parseTagsString('[Vue, Java , C++]')).toEqual(['Vue', 'Java', 'C++']);
    expect(parseTagsString('"算法,GO"')).toEqual(['算法', 'GO']);
    expect(parseTagsString('[]')).toEqual([]);
    expect(parseTagsString('')).toEqual([]);
  });
  it('refuses more than 10 tags and duplicates, naming the field', () => {
    expect(() => checkTags(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k'], 'tags')).toThrow(
      /tags 最多 10/,
    );
    expect(() => checkTags(['Vue', 'vue'], 'tag_list')).toThrow(/tag_list .*重复/);
    expect(checkTags(['Vue', 'React'], 'tags')).toEqual(['Vue', 'React']);
  });
});
