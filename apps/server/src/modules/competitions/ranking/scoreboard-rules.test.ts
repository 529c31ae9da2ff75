import { CONTEST_RULES, type ContestRule, isScoredRule } from '@oj/shared';
import { describe, expect, it } from 'vitest';
import { type BoardAttempt, Scoreboard } from './scoreboard';

/** Issue 26: the incremental board under the scored rules (the rules themselves: shared ranking tests). */

const min = (m: number) => m * 60_000;
const order = (b: Scoreboard, frozen = false) => b.all({ frozen }).map((r) => [r.standing.userId, r.rank]);

function board(rule: ContestRule, freezeFromMin: number | null = null) {
  const b = new Scoreboard(2, freezeFromMin === null ? null : min(freezeFromMin), rule);
  for (const u of [1, 2, 3]) b.join(u);
  return b;
}
const scored = (id: number, m: number, score: number, subtasks: number[] = []): BoardAttempt => ({
  id,
  atMs: min(m),
  status: score >= 100 ? 'AC' : 'WA',
  score,
  fullScore: 100,
  subtasks: subtasks.map((s, k) => ({ subtask: k + 1, score: s })),
});

describe('scoreboard under the scored rules', () => {
  it('OI: the last submission counts, equal totals share the rank, no first solver', () => {
    const b = board('oi');
    b.record(1, 0, scored(1, 1, 100));
    b.record(1, 0, scored(2, 5, 40)); // the later, worse one counts
    b.record(2, 0, scored(3, 9, 40));
    b.record(3, 1, scored(4, 2, 70));
    expect(b.standing(1, { frozen: false })!.totals.score).toBe(40);
    expect(order(b)).toEqual([
      [3, 1],
      [1, 2],
      [2, 2],
    ]);
    expect(b.firstSolver({ frozen: false }, 0)).toBeNull();
  });

  it('IOI: the best submission; the earlier time at which the total was reached ranks first', () => {
    const b = board('ioi');
    b.record(1, 0, scored(1, 30, 100));
    b.record(2, 0, scored(2, 10, 60));
    b.record(2, 1, scored(3, 20, 40));
    b.record(2, 1, scored(4, 25, 10)); // worse: the best stays
    expect(order(b).slice(0, 2)).toEqual([
      [2, 1],
      [1, 2],
    ]);
    // A rejudge that lowers a verdict moves the row (the board is updated in place).
    b.record(2, 1, scored(3, 20, 0));
    expect(b.standing(2, { frozen: false })!.totals.score).toBe(70);
    expect(order(b)[0]).toEqual([1, 1]);
  });

  it('IOI by subtask: best of each subtask over submissions; a freeze hides later ones', () => {
    const b = board('ioi-subtask', 60);
    b.record(1, 0, scored(1, 10, 50, [20, 30, 0]));
    b.record(1, 0, scored(2, 70, 50, [0, 0, 50]));
    expect(b.standing(1, { frozen: false })!.totals.score).toBe(100);
    expect(b.standing(1, { frozen: true })!.totals.score).toBe(50);
    expect(b.standing(1, { frozen: true })!.cells[0].pending).toBe(1);
  });

  it('a bulk load gives the same board as recording one by one, under every rule', () => {
    for (const rule of CONTEST_RULES) {
      const a = board(rule, 40);
      const c = board(rule, 40);
      const rows: { userId: number; index: number; attempt: BoardAttempt }[] = [];
      let x = 17;
      for (let id = 1; id <= 200; id++) {
        x = (x * 48271) % 2147483647;
        const s = [0, 20, 50][x % 3] + [0, 30, 50][(x >> 3) % 3];
        rows.push({
          userId: 1 + (x % 3),
          index: (x >> 5) % 2,
          attempt: scored(id, id / 4, s, [s / 2, s / 2]),
        });
      }
      for (const r of rows) a.record(r.userId, r.index, r.attempt);
      c.load([...rows].reverse());
      expect(order(c), rule).toEqual(order(a));
      expect(order(c, true), rule).toEqual(order(a, true));
      for (const u of [1, 2, 3])
        expect(c.standing(u, { frozen: true })).toEqual(a.standing(u, { frozen: true }));
      if (isScoredRule(rule)) expect(a.standing(1, { frozen: false })!.totals.score).toBeGreaterThan(0);
    }
  });
});
