import { describe, expect, it } from 'vitest';
import type { JoinRecord } from '../../../lib/contract';
import { recordsCsv } from './exportRecords';

const rec = (o: Partial<JoinRecord>): JoinRecord => ({
  competition_id: 1,
  competition_name: '周赛',
  start_time: '2026-01-01T00:00:00.000Z',
  rank: 1,
  rating_after: 1500,
  rating_change: 100,
  ac_num: 3,
  total_num: 4,
  joins: 20,
  total: 2,
  ...o,
});

describe('recordsCsv', () => {
  it('writes every record newest first, quoting and defusing what needs it', () => {
    const csv = recordsCsv([
      rec({}),
      rec({
        competition_id: 2,
        competition_name: '=HYPERLINK("x"),第二场',
        start_time: '2026-02-01T00:00:00.000Z',
        rank: null,
        rating_change: null,
      }),
    ]);
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(lines[0]).toBe(
      '比赛编号,比赛名称,开始时间,排名,比赛后 Rating,Rating 变化,通过题数,题目数,参赛人数',
    );
    expect(lines[1]).toBe(`2,"'=HYPERLINK(""x""),第二场",2026-02-01T00:00:00.000Z,,1500,,3,4,20`);
    expect(lines[2]).toBe('1,周赛,2026-01-01T00:00:00.000Z,1,1500,100,3,4,20');
  });
});
