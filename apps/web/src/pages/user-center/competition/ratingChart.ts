import type { JoinRecord } from '../../../lib/contract';

/** A point of the rating line: one per rated contest, by its date. */
export interface RatingPoint {
  time: number;
  rating: number;
  change: number;
  rank: number | null;
  name: string;
  competitionId: number;
}

/** Rated contests with an applied rating, oldest first. */
export function ratingPoints(records: JoinRecord[]): RatingPoint[] {
  return records
    .filter((r) => r.rating_after !== null)
    .map((r) => ({
      time: Date.parse(r.start_time),
      rating: r.rating_after!,
      change: r.rating_change ?? 0,
      rank: r.rank,
      name: r.competition_name,
      competitionId: r.competition_id,
    }))
    .sort((a, b) => a.time - b.time);
}

/** SPEC §9: the value axis rounded to multiples of 100 with 100 of padding on both sides. */
export function ratingAxis(points: RatingPoint[]): { min: number; max: number } {
  if (!points.length) return { min: 1300, max: 1500 };
  const low = Math.min(...points.map((p) => p.rating));
  const high = Math.max(...points.map((p) => p.rating));
  return { min: Math.floor(low / 100) * 100 - 100, max: Math.ceil(high / 100) * 100 + 100 };
}

export const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** The tooltip text: name, rating, change and ordinal rank. */
export function tooltipLines(p: RatingPoint): string[] {
  return [p.name, `Rating：${p.rating}（${signed(p.change)}）`, p.rank !== null ? `排名：第 ${p.rank} 名` : '排名：—'];
}
