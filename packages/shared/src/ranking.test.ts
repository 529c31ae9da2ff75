import { describe, expect, it } from 'vitest';
import {
  type Attempt,
  cellLabel,
  cellState,
  compareTotals,
  computeCell,
  problemLetter,
  totalsOf,
} from './ranking';

const min = (m: number, s = 0) => m * 60_000 + s * 1000;
const seq = (...xs: [number, Attempt['status']][]): Attempt[] =>
  xs.map(([atMs, status], i) => ({ id: i + 1, atMs, status }));

describe('ICPC cell', () => {
  it('penalty = floor(minutes to first AC) + 20 per rejected try before it', () => {
    // WA at 3:00, TLE at 10:00, AC at 25:59 → floor(25.98) = 25 + 2 × 20 = 65.
    const c = computeCell(seq([min(3), 'WA'], [min(10), 'TLE'], [min(25, 59), 'AC']));
    expect(c).toEqual({ solved: true, rejected: 2, pending: 0, acMs: min(25, 59), penalty: 65 });
    expect(cellLabel(c)).toBe('+2');
  });

  it('CE and judge failures are not tries', () => {
    // CE, IE, PE free; one WA → 7 + 20 = 27.
    const c = computeCell(
      seq([min(1), 'CE'], [min(2), 'IE'], [min(3), 'PE'], [min(4), 'WA'], [min(7), 'AC']),
    );
    expect(c.penalty).toBe(27);
    expect(c.rejected).toBe(1);
  });

  it('submissions after the first AC do not count', () => {
    const c = computeCell(seq([min(5), 'AC'], [min(6), 'WA'], [min(9), 'AC'], [min(10), 'PD']));
    expect(c).toEqual({ solved: true, rejected: 0, pending: 0, acMs: min(5), penalty: 5 });
  });

  it('unsolved: rejected and pending tries are shown', () => {
    const c = computeCell(seq([min(1), 'WA'], [min(2), 'Sign'], [min(3), 'PD']));
    expect(c).toMatchObject({ solved: false, rejected: 2, pending: 1, penalty: 0 });
    expect(cellLabel(c)).toBe('-2 ?1');
    expect(cellState(c, false)).toBe('pending');
  });

  it('a pending try before an AC does not hide the AC', () => {
    // The first try is still judging; the AC after it counts at its time (no extra penalty yet).
    const c = computeCell(seq([min(1), 'PD'], [min(4), 'AC']));
    expect(c).toMatchObject({ solved: true, rejected: 0, penalty: 4 });
  });

  it('freeze: tries at or after the freeze start are pending, whatever their verdict', () => {
    const tries = seq([min(100), 'WA'], [min(241), 'WA'], [min(250), 'AC']);
    expect(computeCell(tries, min(240))).toMatchObject({ solved: false, rejected: 1, pending: 2 });
    // Unfrozen: 250 + 2 × 20 = 290.
    expect(computeCell(tries, null)).toMatchObject({ solved: true, rejected: 2, penalty: 290 });
  });
});

describe('ICPC order', () => {
  it('solved desc, then penalty asc, then last AC time asc; equal on all three is a tie', () => {
    const a = totalsOf([computeCell(seq([min(10), 'AC'])), computeCell(seq([min(50), 'AC']))]); // 2, 60, last 50
    const b = totalsOf([computeCell(seq([min(20), 'AC'])), computeCell(seq([min(40), 'AC']))]); // 2, 60, last 40
    const c = totalsOf([computeCell(seq([min(1), 'AC']))]); // 1, 1
    expect(a).toEqual({ solved: 2, penalty: 60, lastAcMs: min(50) });
    expect(compareTotals(b, a)).toBeLessThan(0); // same solved and penalty, b finished earlier
    expect(compareTotals(a, c)).toBeLessThan(0);
    expect(compareTotals(a, { ...a })).toBe(0);
  });

  it('display names', () => {
    expect([0, 1, 25, 26, 27].map(problemLetter)).toEqual(['A', 'B', 'Z', 'AA', 'AB']);
  });
});
