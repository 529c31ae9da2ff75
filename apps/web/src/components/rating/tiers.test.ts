import { describe, expect, it } from 'vitest';
import { RATING_TIERS, tierOf } from './tiers';

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
    expect(tierOf(4321).name).toBe('传奇');
  });
});
