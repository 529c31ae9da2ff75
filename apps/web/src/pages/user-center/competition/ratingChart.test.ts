import { describe, expect, it } from 'vitest';
import type { JoinRecord } from '../../../lib/contract';
import { ratingAxis, ratingPoints, tooltipLines } from './ratingChart';

const rec = (id: number, start: string, after: number | null, change: number | null, rank: number | null): JoinRecord => ({
  competition_id: id,
  competition_name: `比赛${id}`,
  start_time: start,
  rank,
  rating_after: after,
  rating_change: change,
  ac_num: 1,
  total_num: 3,
  joins: 10,
  total: 3,
});

describe('rating chart', () => {
  const records = [
    rec(3, '2026-03-01T00:00:00Z', 1562, 41, 2),
    rec(1, '2026-01-01T00:00:00Z', 1480, 80, 1),
    rec(2, '2026-02-01T00:00:00Z', null, null, null),
  ];
  it('keeps rated contests, oldest first', () => {
    expect(ratingPoints(records).map((p) => p.competitionId)).toEqual([1, 3]);
  });
  it('rounds the axis to hundreds with 100 padding', () => {
    expect(ratingAxis(ratingPoints(records))).toEqual({ min: 1300, max: 1700 });
    expect(ratingAxis(ratingPoints([rec(1, '2026-01-01T00:00:00Z', 1500, 100, 1)]))).toEqual({ min: 1400, max: 1600 });
  });
  it('writes rating, signed change and the ordinal rank in the tooltip', () => {
    expect(tooltipLines(ratingPoints(records)[1])).toEqual(['比赛3', 'Rating：1562（+41）', '排名：第 2 名']);
    expect(tooltipLines({ ...ratingPoints(records)[0], change: -12 })[1]).toBe('Rating：1480（-12）');
  });
});
