import { describe, expect, it } from 'vitest';
import { RATING_TIERS, ratingText, tierOf, UNRATED_TIER } from './tiers';

describe('rating tiers', () => {
  it('has 11 tiers in rising order', () => {
    expect(RATING_TIERS).toHaveLength(11);
    for (let i = 1; i < RATING_TIERS.length; i++) expect(RATING_TIERS[i].min).toBeGreaterThan(RATING_TIERS[i - 1].min);
  });
  it('places ratings on the boundaries into the upper tier', () => {
    expect(tierOf(0).name).toBe('新手');
    expect(tierOf(1199).name).toBe('新手');
    expect(tierOf(1200).name).toBe('学徒');
    expect(tierOf(1400).name).toBe('行家');
    expect(tierOf(1899).name).toBe('专家');
    expect(tierOf(2399).name).toBe('国际大师');
    expect(tierOf(2400).name).toBe('特级大师');
    expect(tierOf(3000).firstColor).toBe('#000000');
    expect(tierOf(3999).name).toBe('传奇特级大师');
    expect(tierOf(4000).name).toBe('传奇');
    expect(tierOf(4321).name).toBe('传奇');
  });
  it('keeps ratings below every boundary (negative, not a number) in the lowest tier', () => {
    expect(tierOf(-250).name).toBe('新手');
    expect(tierOf(Number.NaN).name).toBe('新手');
  });
  it('puts every unrated user in the unrated tier, whatever the stored rating', () => {
    for (const r of [1400, 0, 1500, 4000]) {
      expect(tierOf(r, false)).toBe(UNRATED_TIER);
      expect(ratingText(r, false)).toBe('未评级');
    }
    expect(UNRATED_TIER.color).toBe('#000000');
    expect(UNRATED_TIER.firstColor).toBeUndefined();
    // A rated user at the engine's starting 1400 is a 行家 with a number, not unrated.
    expect(tierOf(1400, true).name).toBe('行家');
    expect(ratingText(1400, true)).toBe('1400');
    expect(ratingText(-3)).toBe('-3');
  });
});
