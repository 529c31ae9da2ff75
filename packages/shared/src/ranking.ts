import type { Verdict } from './enums';

/**
 * ICPC scoreboard rules, pure (the server's incremental scoreboard and the sites' scoreboard view
 * both use them):
 * - order by problems solved (desc), penalty (asc), time of the last first-AC (asc);
 * - penalty = Σ over solved problems of floor(minutes from the start to the first AC)
 *   + 20 × rejected tries before it;
 * - CE does not count as a try, nor do judge failures (IE, PE), nor anything after the first AC.
 */
export const PENALTY_PER_REJECTION = 20;

/** Verdicts that cost 20 minutes when the problem is solved later. */
const REJECTIONS: ReadonlySet<Verdict> = new Set<Verdict>(['WA', 'TLE', 'MLE', 'OLE', 'Sign']);
export const isRejection = (v: Verdict) => REJECTIONS.has(v);

/** One submission of a participant to one problem; `atMs` counted from the contest start. */
export interface Attempt {
  id: number;
  atMs: number;
  status: Verdict;
}

export interface CellResult {
  solved: boolean;
  /** Rejected tries: before the first AC when solved, all of them otherwise. */
  rejected: number;
  /** Tries still being judged (or hidden by the freeze) that could change the cell. */
  pending: number;
  /** ms from the start to the first AC. */
  acMs: number | null;
  /** Penalty of this problem in minutes (0 unless solved). */
  penalty: number;
}

export const EMPTY_CELL: CellResult = Object.freeze({
  solved: false,
  rejected: 0,
  pending: 0,
  acMs: null,
  penalty: 0,
});

/**
 * The cell of one problem from its attempts in submission order. `hideFromMs` (scoreboard freeze):
 * attempts made at or after it count as pending, whatever their verdict.
 */
export function computeCell(attempts: readonly Attempt[], hideFromMs: number | null = null): CellResult {
  let rejected = 0;
  let pending = 0;
  for (const a of attempts) {
    const hidden = hideFromMs !== null && a.atMs >= hideFromMs;
    if (hidden || a.status === 'PD') {
      pending++;
      continue;
    }
    if (a.status === 'AC') {
      // ICPC: tries after the first AC do not count; pending tries before it cannot matter.
      const penalty = Math.floor(a.atMs / 60_000) + PENALTY_PER_REJECTION * rejected;
      return { solved: true, rejected, pending: 0, acMs: a.atMs, penalty };
    }
    if (isRejection(a.status)) rejected++;
  }
  return { solved: false, rejected, pending, acMs: null, penalty: 0 };
}

export interface RowTotals {
  solved: number;
  penalty: number;
  /** ms of the latest first-AC; -1 when nothing is solved. */
  lastAcMs: number;
}

export function totalsOf(cells: readonly CellResult[]): RowTotals {
  let solved = 0;
  let penalty = 0;
  let lastAcMs = -1;
  for (const c of cells) {
    if (!c.solved) continue;
    solved++;
    penalty += c.penalty;
    if (c.acMs! > lastAcMs) lastAcMs = c.acMs!;
  }
  return { solved, penalty, lastAcMs };
}

/** Negative when `a` ranks above `b`; 0 = a true tie (same rank). */
export function compareTotals(a: RowTotals, b: RowTotals): number {
  return b.solved - a.solved || a.penalty - b.penalty || a.lastAcMs - b.lastAcMs;
}

/** What a scoreboard cell shows. */
export type CellState = 'first' | 'accepted' | 'rejected' | 'pending' | 'none';

export function cellState(c: CellResult, isFirstSolver: boolean): CellState {
  if (c.solved) return isFirstSolver ? 'first' : 'accepted';
  if (c.pending) return 'pending';
  return c.rejected ? 'rejected' : 'none';
}

/** The label of a cell: `+`, `+2`, `-3`, `?`/`-1 ?2` style, as on ICPC boards. */
export function cellLabel(c: CellResult): string {
  if (c.solved) return c.rejected ? `+${c.rejected}` : '+';
  if (c.pending) return c.rejected ? `-${c.rejected} ?${c.pending}` : `?${c.pending}`;
  return c.rejected ? `-${c.rejected}` : '';
}

/** Display names A, B, …, Z, AA, AB … for problem positions 0, 1, … */
export function problemLetter(index: number): string {
  let s = '';
  let i = index;
  do {
    s = String.fromCharCode(65 + (i % 26)) + s;
    i = Math.floor(i / 26) - 1;
  } while (i >= 0);
  return s;
}
