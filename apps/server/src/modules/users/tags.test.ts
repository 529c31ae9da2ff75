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
      /^常用标签最多 10 个标签/,
    );
    expect(() => checkTags(['Vue', 'vue'], 'tag_list')).toThrow(/^常用标签中的标签「vue」重复/);
    expect(checkTags(['Vue', 'React'], 'tags')).toEqual(['Vue', 'React']);
  });
});
