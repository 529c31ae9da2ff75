/**
 * The Codeforces rating algorithm, exactly as issue 6 states it (pure: no database).
 *
 * - New users (rating null) count as 1400.
 * - Contestants are ordered by points desc, penalty asc; tied contestants all get the rank of the
 *   LAST place of their tie.
 * - seed_i(R) = 1 + Σ_{j≠i} 1 / (1 + 10^((R − r_j)/400)).
 * - target_i = sqrt(rank_i × seed_i(r_i)); needed_i = the largest integer R with seed_i(R) ≥ target_i.
 * - delta_i = trunc((needed_i − r_i) / 2).
 * - Everyone gets trunc(−Σdelta / n) − 1.
 * - Over the s = min(n, 4·round(√n)) highest-rated contestants (by rating before the contest; equal
 *   ratings keep input order), everyone gets min(max(trunc(−Σ their deltas / s), −10), 0).
 *
 * Speed: ratings are integers, so P(R, r) depends only on the integer difference R − r; the
 * probabilities are tabulated once over that difference and the sum over all contestants S(R) is
 * computed lazily per integer R (grouping equal ratings) and memoised, so every binary search
 * reuses the values of the others. seed_i(R) = 1 + (S(R) − P(R, r_i)).
 */
export interface RatingInput {
  handle: string;
  points: number;
  penalty: number;
  /** null = a new user (counts as 1400). */
  rating: number | null;
}

export const NEW_USER_RATING = 1400;
/** Beyond this distance P(R, r) is 1 or 0 to double precision: the search range cannot miss. */
const SPAN = 4000;

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

/** Rating changes, in input order. Ratings must be integers (they always are: deltas are truncated). */
export function ratingDeltas(rows: RatingInput[]): number[] {
  const n = rows.length;
  if (!n) return [];
  const ratings = rows.map((r) => r.rating ?? NEW_USER_RATING);
  for (const r of ratings) if (!Number.isInteger(r)) throw new Error(`rating 必须是整数：${r}`);
  const ranks = tieRanks(rows);

  let minR = Infinity;
  let maxR = -Infinity;
  for (const r of ratings) {
    if (r < minR) minR = r;
    if (r > maxR) maxR = r;
  }
  const lo = minR - SPAN;
  const hi = maxR + SPAN;

  // P(R, r) = 1 / (1 + 10^((R − r)/400)) for every difference R − r in [lo − maxR, hi − minR].
  const dMin = lo - maxR;
  const prob = new Float64Array(hi - minR - dMin + 1);
  for (let k = 0; k < prob.length; k++) prob[k] = 1 / (1 + Math.pow(10, (k + dMin) / 400));
  const P = (R: number, r: number) => prob[R - r - dMin];

  // Equal ratings grouped: S(R) = Σ over distinct ratings of count × P(R, r).
  const counts = new Map<number, number>();
  for (const r of ratings) counts.set(r, (counts.get(r) ?? 0) + 1);
  const distinct = Int32Array.from(counts.keys());
  const mult = Float64Array.from(counts.values());
  const memo = new Float64Array(hi - lo + 1).fill(NaN);
  const S = (R: number) => {
    let v = memo[R - lo];
    if (Number.isNaN(v)) {
      v = 0;
      for (let k = 0; k < distinct.length; k++) v += mult[k] * prob[R - distinct[k] - dMin];
      memo[R - lo] = v;
    }
    return v;
  };
  const seed = (R: number, own: number) => 1 + (S(R) - P(R, own));

  const deltas = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    const r = ratings[i];
    const target = Math.sqrt(ranks[i] * seed(r, r));
    // seed is decreasing in R: largest R in [lo, hi] with seed(R) ≥ target. seed(lo) ≈ n exceeds
    // every possible target (< n); only a lone contestant (seed ≡ 1 = target) reaches hi.
    let a = lo;
    let b = hi;
    while (a < b) {
      const mid = a + Math.ceil((b - a) / 2);
      if (seed(mid, r) >= target) a = mid;
      else b = mid - 1;
    }
    deltas[i] = Math.trunc((a - r) / 2);
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
