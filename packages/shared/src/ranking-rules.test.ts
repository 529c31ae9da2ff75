import { describe, expect, it } from 'vitest';
import {
  compareRuleTotals,
  computeScoredCell,
  type ScoredAttempt,
  scoredTotalsOf,
  scoreState,
} from './ranking';

/** Issue 26: the scored contest rules (OI, IOI, IOI by subtask). */

const min = (m: number) => m * 60_000;
type Try = [atMinute: number, status: ScoredAttempt['status'], score: number | null, subtasks?: number[]];
const seq = (full: number, ...xs: Try[]): ScoredAttempt[] =>
  xs.map(([m, status, score, subtasks], i) => ({
    id: i + 1,
    atMs: min(m),
    status,
    score,
    fullScore: score === null ? null : full,
    subtasks: (subtasks ?? []).map((s, k) => ({ subtask: k + 1, score: s })),
  }));

describe('OI cell: the last judged submission counts', () => {
  it('a worse later submission replaces a better one; CE counts as 0', () => {
    const tries = seq(100, [1, 'WA', 60], [5, 'AC', 100], [9, 'WA', 30]);
    expect(computeScoredCell('oi', tries)).toMatchObject({ score: 30, fullScore: 100, solved: false });
    const ce = seq(100, [1, 'AC', 100], [2, 'CE', null]);
    expect(computeScoredCell('oi', ce)).toMatchObject({ score: 0, fullScore: 100, solved: false });
    expect(scoreState(computeScoredCell('oi', ce))).toBe('zero');
  });

  it('judge failures do not count; a pending last try is pending', () => {
    const tries = seq(100, [1, 'WA', 40], [2, 'IE', null], [3, 'PD', null]);
    expect(computeScoredCell('oi', tries)).toMatchObject({ score: 40, pending: 1 });
  });

  it('a problem without scoring earns 100 on AC', () => {
    const tries = seq(0, [1, 'WA', null], [2, 'AC', null]);
    const c = computeScoredCell('oi', tries);
    expect(c).toMatchObject({ score: 100, fullScore: 100, solved: true });
    expect(scoreState(c)).toBe('full');
  });

  it('equal totals share the rank, whatever the times', () => {
    const a = scoredTotalsOf([computeScoredCell('oi', seq(100, [10, 'WA', 50]))]);
    const b = scoredTotalsOf([computeScoredCell('oi', seq(100, [90, 'WA', 50]))]);
    expect(compareRuleTotals('oi', a, b)).toBe(0);
    const c = scoredTotalsOf([computeScoredCell('oi', seq(100, [1, 'WA', 49.5]))]);
    expect(compareRuleTotals('oi', a, c)).toBeLessThan(0);
  });
});

describe('IOI cell: the best submission counts', () => {
  it('keeps the best, with the time it was first reached', () => {
    const tries = seq(100, [1, 'WA', 60], [5, 'WA', 30], [9, 'WA', 60], [12, 'CE', null]);
    const c = computeScoredCell('ioi', tries);
    expect(c).toMatchObject({ score: 60, scoreMs: min(1), solved: false, rejected: 4 });
    expect(scoreState(c)).toBe('partial');
  });

  it('tie-break: the earlier time at which the total was reached', () => {
    const early = scoredTotalsOf([
      computeScoredCell('ioi', seq(100, [10, 'WA', 50])),
      computeScoredCell('ioi', seq(100, [20, 'AC', 100])),
    ]);
    const late = scoredTotalsOf([
      computeScoredCell('ioi', seq(100, [5, 'AC', 100])),
      computeScoredCell('ioi', seq(100, [30, 'WA', 50])),
    ]);
    expect([early.score, late.score]).toEqual([150, 150]);
    expect([early.lastAcMs, late.lastAcMs]).toEqual([min(20), min(30)]);
    expect(compareRuleTotals('ioi', early, late)).toBeLessThan(0);
    expect(compareRuleTotals('ioi', early, { ...early })).toBe(0);
    // More points first, however late.
    const more = scoredTotalsOf([computeScoredCell('ioi', seq(200, [299, 'WA', 151]))]);
    expect(compareRuleTotals('ioi', more, early)).toBeLessThan(0);
  });

  it('a freeze hides what came after its start (pending)', () => {
    const tries = seq(100, [10, 'WA', 20], [250, 'AC', 100]);
    expect(computeScoredCell('ioi', tries, min(240))).toMatchObject({ score: 20, pending: 1 });
    expect(computeScoredCell('ioi', tries, null)).toMatchObject({ score: 100, pending: 0, solved: true });
  });
});

describe('IOI by subtask: the best score of each subtask, over all submissions', () => {
  it('sums the per-subtask bests, which no single submission got', () => {
    // Subtasks worth 20, 30, 50: one try gets the first two, another the last.
    const tries = seq(100, [1, 'WA', 50, [20, 30, 0]], [7, 'WA', 50, [0, 0, 50]], [9, 'WA', 20, [20, 0, 0]]);
    const c = computeScoredCell('ioi-subtask', tries);
    expect(c).toMatchObject({ score: 100, solved: true, scoreMs: min(7), acMs: min(7) });
    // The same tries under IOI: the best single submission only.
    expect(computeScoredCell('ioi', tries)).toMatchObject({ score: 50, solved: false, scoreMs: min(1) });
  });

  it('a problem without subtasks counts its best submission', () => {
    const tries = seq(100, [1, 'WA', 30], [2, 'WA', 70], [3, 'WA', 10]);
    expect(computeScoredCell('ioi-subtask', tries)).toMatchObject({ score: 70, scoreMs: min(2) });
  });

  it('partial subtask points (a sum subtask) keep their best', () => {
    const tries = seq(100, [1, 'WA', 35.5, [20, 15.5, 0]], [3, 'WA', 30, [0, 30, 0]]);
    expect(computeScoredCell('ioi-subtask', tries).score).toBe(50);
  });
});
