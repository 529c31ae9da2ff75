/**
 * The 11 rating tiers (SPEC §9), with Codeforces' boundaries and colours so that ratings read the
 * way contestants know them. The two top tiers write the first character in another colour.
 */
export interface RatingTier {
  /** Lowest rating of the tier (inclusive). */
  min: number;
  name: string;
  color: string;
  /** Colour of the first character, when it differs. */
  firstColor?: string;
}

export const RATING_TIERS: readonly RatingTier[] = [
  { min: -Infinity, name: '新手', color: '#808080' },
  { min: 1200, name: '学徒', color: '#008000' },
  { min: 1400, name: '行家', color: '#03a89e' },
  { min: 1600, name: '专家', color: '#0000ff' },
  { min: 1900, name: '候选大师', color: '#aa00aa' },
  { min: 2100, name: '大师', color: '#ff8c00' },
  { min: 2300, name: '国际大师', color: '#f57500' },
  { min: 2400, name: '特级大师', color: '#ff0000' },
  { min: 2600, name: '国际特级大师', color: '#e00000' },
  { min: 3000, name: '传奇特级大师', color: '#ff0000', firstColor: '#000000' },
  { min: 4000, name: '传奇', color: '#000000', firstColor: '#ff0000' },
];

/**
 * A user without any applied rated contest (`rated` false). As on Codeforces, the name is plain
 * black and no number is shown: the 1400 the rating engine counts them at is not a rating they earned.
 */
export const UNRATED_TIER: RatingTier = { min: -Infinity, name: '未评级', color: '#000000' };

/** The tier of a rating; every unrated user is in UNRATED_TIER whatever their stored rating. */
export function tierOf(rating: number, rated = true): RatingTier {
  if (!rated) return UNRATED_TIER;
  let found = RATING_TIERS[0];
  for (const t of RATING_TIERS) if (rating >= t.min) found = t;
  return found;
}

/** The rating as shown next to a name or in a rating column: the number, or 未评级. */
export const ratingText = (rating: number, rated = true): string =>
  rated ? String(rating) : UNRATED_TIER.name;
