/**
 * The Codeforces rating algorithm as Codeforces computes it (pure: no database). Checked against
 * real rounds with their official deltas (codeforces-rounds.test.ts).
 *
 * - New users (rating null) count as 1400.
 * - Contestants are ordered by points desc, penalty asc; tied contestants all get the rank of the
 *   LAST place of their tie.
 * - seed_i(R) = 1 + Σ_{j≠i} 1 / (1 + 10^((R − r_j)/400)).
 * - target_i = sqrt(rank_i × seed_i(r_i)).
 * - needed_i: Codeforces' binary search over [1, 8000): left = 1, right = 8000; while right − left > 1,
 *   mid = ⌊(left + right)/2⌋ goes to right when seed_i(mid) < target_i, else to left; the answer is
 *   left. So needed_i is the largest R in [2, 7999] with seed_i(R) ≥ target_i, and 1 when there is
 *   none: a contestant whose needed rating would fall below 1 is measured from 1.
 * - delta_i = trunc((needed_i − r_i) / 2).
 * - Everyone gets trunc(−Σdelta / n) − 1.
 * - Over the s = min(n, 4·round(√n)) highest-rated contestants (by rating before the contest; equal
 *   ratings keep input order), everyone gets min(max(trunc(−Σ their deltas / s), −10), 0).
 *
 * Ratings themselves have no bound (long-running sites have contestants below 0 or far above 8000);
 * only the search range is bounded, as on Codeforces. The result is exact for every safe integer
 * rating up to MAX_RATING in size.
 *
 * Speed: ratings are integers, so P(R, r) depends only on the integer difference R − r; the
 * probabilities of the differences that matter in practice (|R − r| ≤ TABLE_SPAN) are tabulated once,
 * others are computed when met. The sum over all contestants S(R) is computed lazily per integer R of
 * the search range (grouping equal ratings) and memoised, so every binary search reuses the values of
 * the others: at most 7999 sums per contest, whatever n. seed_i(R) = 1 + (S(R) − P(R, r_i)).
 */
export interface RatingInput {
  handle: string;
  points: number;
  penalty: number;
  /** null = a new user (counts as 1400). */
  rating: number | null;
}

export const NEW_USER_RATING = 1400;
/** Codeforces' search range for the needed rating: [SEARCH_FROM, SEARCH_TO). */
export const SEARCH_FROM = 1;
export const SEARCH_TO = 8000;
/** Ratings whose differences with the search range (and deltas) stay exact in double precision. */
export const MAX_RATING = Number.MAX_SAFE_INTEGER - SEARCH_TO;
/** Differences tabulated once (16 001 doubles): every rating within [−1, 8000] meets only these. */
const TABLE_SPAN = 8000;
const TABLE = Float64Array.from({ length: 2 * TABLE_SPAN + 1 }, (_, k) => winProbability(k - TABLE_SPAN));

/** P(R, r) for d = R − r: the chance that a contestant rated r beats one rated R. */
function winProbability(d: number): number {
  return 1 / (1 + Math.pow(10, d / 400));
}

const P = (R: number, r: number) => {
  const d = R - r;
  return d >= -TABLE_SPAN && d <= TABLE_SPAN ? TABLE[d + TABLE_SPAN] : winProbability(d);
};

/** 1-based ranks; a tie takes the rank of the last place of the tie. Input order is kept. */
export function tieRanks(rows: { points: number; penalty: number }[]): number[] {
  const order = rows.map((_, i) => i);
  order.sort((a, b) => rows[b].points - rows[a].points || rows[a].penalty - rows[b].penalty);
  const ranks = new Array<number>(rows.length);
  for (let i = 0; i < order.length;) {
    let j = i;
    const r = rows[order[i]];
    while (
      j + 1 < order.length &&
      rows[order[j + 1]].points === r.points &&
      rows[order[j + 1]].penalty === r.penalty
    )
      j++;
    for (let k = i; k <= j; k++) ranks[order[k]] = j + 1;
    i = j + 1;
  }
  return ranks;
}

/**
 * Rating changes, in input order. Ratings must be integers (they always are: deltas are truncated),
 * of any sign, |rating| ≤ MAX_RATING.
 */
export function ratingDeltas(rows: RatingInput[]): number[] {
  const n = rows.length;
  if (!n) return [];
  const ratings = rows.map((r) => r.rating ?? NEW_USER_RATING);
  for (const r of ratings)
    if (!Number.isSafeInteger(r) || Math.abs(r) > MAX_RATING) throw new Error(`rating 必须是整数：${r}`);
  const ranks = tieRanks(rows);

  // Equal ratings grouped: S(R) = Σ over distinct ratings of count × P(R, r).
  const counts = new Map<number, number>();
  for (const r of ratings) counts.set(r, (counts.get(r) ?? 0) + 1);
  const distinct = Float64Array.from(counts.keys());
  const mult = Float64Array.from(counts.values());
  const sumAt = (R: number) => {
    let v = 0;
    for (let k = 0; k < distinct.length; k++) v += mult[k] * P(R, distinct[k]);
    return v;
  };
  // Memo of S over the search range (NaN = not computed yet); ratings outside it are met only for
  // the contestants' own seeds, memoised per distinct rating.
  const memo = new Float64Array(SEARCH_TO).fill(NaN);
  const outside = new Map<number, number>();
  const S = (R: number) => {
    if (R < SEARCH_FROM || R >= SEARCH_TO) {
      let v = outside.get(R);
      if (v === undefined) outside.set(R, (v = sumAt(R)));
      return v;
    }
    let v = memo[R];
    if (Number.isNaN(v)) memo[R] = v = sumAt(R);
    return v;
  };
  const seed = (R: number, own: number) => 1 + (S(R) - P(R, own));

  const deltas = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    const r = ratings[i];
    const target = Math.sqrt(ranks[i] * seed(r, r));
    // seed is decreasing in R. `left` is returned without being tested, as Codeforces does.
    let left = SEARCH_FROM;
    let right = SEARCH_TO;
    while (right - left > 1) {
      const mid = (left + right) >>> 1;
      if (seed(mid, r) < target) right = mid;
      else left = mid;
    }
    deltas[i] = Math.trunc((left - r) / 2);
  }

  let sum = 0;
  for (const d of deltas) sum += d;
  const inc = Math.trunc(-sum / n) - 1;
  for (let i = 0; i < n; i++) deltas[i] += inc;

  const byRating = ratings.map((_, i) => i).sort((a, b) => ratings[b] - ratings[a] || a - b);
  const s = Math.min(n, 4 * Math.round(Math.sqrt(n)));
  let topSum = 0;
  for (let k = 0; k < s; k++) topSum += deltas[byRating[k]];
  const inc2 = Math.min(Math.max(Math.trunc(-topSum / s), -10), 0);
  for (let i = 0; i < n; i++) deltas[i] = deltas[i] + inc2 + 0; // + 0 turns −0 into 0
  return deltas;
}

/** `{handle: delta}` for the CLI and the API. */
export function ratingChanges(rows: RatingInput[]): Record<string, number> {
  const deltas = ratingDeltas(rows);
  const out: Record<string, number> = {};
  rows.forEach((r, i) => (out[r.handle] = deltas[i]));
  return out;
}
