import { describe, expect, it } from 'vitest';
import { changeTags, cutProfile, normalizeTags, profileLength, tagsOf } from './profile';

describe('profile rules (SPEC §5)', () => {
  it('cuts the profile text at 99 characters, counting Chinese and emoji as one each', () => {
    const long = '算'.repeat(120);
    expect(profileLength(cutProfile(long))).toBe(99);
    expect(cutProfile('😀'.repeat(100))).toBe('😀'.repeat(99));
    expect(cutProfile('短简介')).toBe('短简介');
    expect(cutProfile(undefined)).toBe('');
  });

  it('keeps at most 10 tags without duplicates or empty ones', () => {
    expect(normalizeTags(['Vue', 'vue', ' Java ', '', 'C++'])).toEqual(['Vue', 'Java', 'C++']);
    const many = Array.from({ length: 15 }, (_, i) => `t${i}`);
    expect(normalizeTags(many)).toHaveLength(10);
  });

  it('refuses an 11th tag, keeping the ten as they were', () => {
    const ten = Array.from({ length: 10 }, (_, i) => `t${i}`);
    expect(changeTags([...ten, 'eleven'], ten)).toEqual({ tags: ten, refused: true });
    // A duplicate of one of the ten is no 11th tag.
    expect(changeTags([...ten, 'T3'], ten)).toEqual({ tags: ten, refused: false });
    expect(changeTags(ten.slice(1), ten)).toEqual({ tags: ten.slice(1), refused: false });
  });

  it('reads tags from tag_list, or from the bracketed string form', () => {
    expect(tagsOf({ tags: '', tag_list: ['Go', 'TS'] })).toEqual(['Go', 'TS']);
    expect(tagsOf({ tags: '[Vue, Java , 算法]' })).toEqual(['Vue', 'Java', '算法']);
    expect(tagsOf({ tags: '' })).toEqual([]);
  });
});
