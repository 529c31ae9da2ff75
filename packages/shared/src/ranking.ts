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

/**
 * Contest rules (issue 26). `icpc`: everything above. The scored rules rank by points from the
 * judge's partial scoring (a problem without scoring earns its full 100 on AC, 0 otherwise):
 * - `oi`: the last judged submission of each problem counts (CE counts as 0); nothing is shown to
 *   participants until the end; equal totals share the rank;
 * - `ioi`: the best submission of each problem counts, shown live;
 * - `ioi-subtask`: per problem, the sum over its subtasks of the best score any submission got on
 *   that subtask.
 * IOI ties: the earlier time at which the total was reached ranks first (same time: a tie).
 */
export const CONTEST_RULES = ['icpc', 'oi', 'ioi', 'ioi-subtask'] as const;
export type ContestRule = (typeof CONTEST_RULES)[number];

export const isScoredRule = (rule: ContestRule) => rule !== 'icpc';

/** What a problem without partial scoring is worth (AC earns all of it). */
export const UNSCORED_FULL = 100;

/** A submission's points on one subtask, as judged. */
export interface AttemptSubtask {
  subtask: number;
  score: number;
}

/** An attempt with its points (scored rules); score/fullScore null = the problem has no scoring. */
export interface ScoredAttempt extends Attempt {
  score: number | null;
  fullScore: number | null;
  subtasks: readonly AttemptSubtask[];
}

/** Scores are kept to 2 decimals, so equal totals compare equal whatever the order of the sums. */
const round2 = (x: number) => Math.round(x * 100) / 100;

/** Verdicts that do not judge the program (judge failures): they neither count nor score. */
const NOT_JUDGED: ReadonlySet<Verdict> = new Set<Verdict>(['IE', 'PE']);

const pointsOf = (a: ScoredAttempt) =>
  a.score !== null ? a.score : a.status === 'AC' ? (a.fullScore ?? UNSCORED_FULL) : 0;
const fullOf = (a: ScoredAttempt) => (a.score !== null ? (a.fullScore ?? 0) : UNSCORED_FULL);

/** A scored cell: the ICPC fields plus its points, its full points and when it reached them. */
export interface ScoredCell extends CellResult {
  score: number;
  /** The problem's full points as judged; null until a judged attempt tells it. */
  fullScore: number | null;
  /** ms from the start when the cell reached its current score; null when it scores nothing. */
  scoreMs: number | null;
}

export const EMPTY_SCORED_CELL: ScoredCell = Object.freeze({
  ...EMPTY_CELL,
  score: 0,
  fullScore: null,
  scoreMs: null,
});

/**
 * The cell of one problem under a scored rule, from its attempts in submission order.
 * `hideFromMs` as in computeCell (attempts at or after it are pending). `rejected` counts the judged
 * attempts that earned less than the full score (shown as tries).
 */
export function computeScoredCell(
  rule: Exclude<ContestRule, 'icpc'>,
  attempts: readonly ScoredAttempt[],
  hideFromMs: number | null = null,
): ScoredCell {
  let pending = 0;
  let rejected = 0;
  let fullScore: number | null = null;
  let score = 0;
  let scoreMs: number | null = null;
  const bestOfSubtask = new Map<number, number>();
  for (const a of attempts) {
    if ((hideFromMs !== null && a.atMs >= hideFromMs) || a.status === 'PD') {
      pending++;
      continue;
    }
    if (NOT_JUDGED.has(a.status)) continue;
    const points = round2(pointsOf(a));
    // A CE of a scored problem has no points stored: it does not tell the full score.
    fullScore = a.score !== null ? fullOf(a) : (fullScore ?? fullOf(a));
    const full = fullScore;
    if (points < full) rejected++;
    if (rule === 'oi') {
      // The last judged one counts, whatever it earned.
      score = points;
      scoreMs = points > 0 ? a.atMs : null;
    } else if (rule === 'ioi' || !a.subtasks.length) {
      // A problem without subtasks counts as one subtask: its best submission.
      const best = Math.max(bestOfSubtask.get(0) ?? 0, points);
      bestOfSubtask.set(0, best);
    } else {
      for (const st of a.subtasks)
        bestOfSubtask.set(st.subtask, Math.max(bestOfSubtask.get(st.subtask) ?? 0, st.score));
    }
    if (rule !== 'oi') {
      const next = round2([...bestOfSubtask.values()].reduce((s, x) => s + x, 0));
      if (next > score) {
        score = next;
        scoreMs = a.atMs;
      }
    }
  }
  // OI: a pending last submission decides the cell, so it shows nothing but pending.
  const solved = fullScore !== null && score >= fullScore - 1e-6 && score > 0;
  return {
    solved,
    rejected,
    pending,
    acMs: solved ? scoreMs : null,
    penalty: 0,
    score,
    fullScore,
    scoreMs,
  };
}

/** Totals of a row under any rule: ICPC's, plus `score` for the scored rules. */
export interface RuleTotals extends RowTotals {
  /** Sum of the cells' points (scored rules; 0 under ICPC). */
  score: number;
}

/**
 * Totals under a scored rule: `solved` = problems with full points, `lastAcMs` = when the total
 * was reached (the latest time a scoring cell reached its score), the IOI tie-break.
 */
export function scoredTotalsOf(cells: readonly ScoredCell[]): RuleTotals {
  let score = 0;
  let solved = 0;
  let lastAcMs = -1;
  for (const c of cells) {
    if (c.solved) solved++;
    score += c.score;
    if (c.score > 0 && c.scoreMs! > lastAcMs) lastAcMs = c.scoreMs!;
  }
  return { solved, penalty: 0, lastAcMs, score: round2(score) };
}

/** Negative when `a` ranks above `b` under `rule`; 0 = a true tie (same rank). */
export function compareRuleTotals(
  rule: ContestRule,
  a: RowTotals & { score?: number },
  b: RowTotals & { score?: number },
): number {
  if (rule === 'icpc') return compareTotals(a, b);
  const byScore = (b.score ?? 0) - (a.score ?? 0);
  if (rule === 'oi') return byScore;
  return byScore || a.lastAcMs - b.lastAcMs;
}

/** How a scored cell is coloured: all points, some, none (or not tried / pending). */
export type ScoreState = 'full' | 'partial' | 'zero' | 'pending' | 'none';

export function scoreState(c: ScoredCell): ScoreState {
  if (c.fullScore === null) return c.pending ? 'pending' : 'none';
  if (c.solved) return 'full';
  return c.score > 0 ? 'partial' : 'zero';
}
