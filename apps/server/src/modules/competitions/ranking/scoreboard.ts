import {
  type Attempt,
  type CellResult,
  compareRuleTotals,
  computeCell,
  computeScoredCell,
  type ContestRule,
  EMPTY_CELL,
  EMPTY_SCORED_CELL,
  type RowTotals,
  type ScoredAttempt,
  type ScoredCell,
  scoredTotalsOf,
  totalsOf,
} from '@oj/shared';
import { OrderTree } from './order-tree';

/** One participant as seen by one view (true results, or the frozen board). */
export interface Standing {
  userId: number;
  /** ScoredCell under the scored rules (oi, ioi, ioi-subtask). */
  cells: CellResult[];
  /** With `score` under the scored rules. */
  totals: RowTotals & { score?: number };
}

/** An attempt as the board keeps it: its points only matter to the scored rules. */
export type BoardAttempt = Attempt & Partial<Pick<ScoredAttempt, 'score' | 'fullScore' | 'subtasks'>>;

interface Entry {
  userId: number;
  /** Per problem, in submission order. */
  attempts: BoardAttempt[][];
  full: Standing;
  frozen: Standing;
}

const scored = (a: BoardAttempt): ScoredAttempt => ({
  ...a,
  score: a.score ?? null,
  fullScore: a.fullScore ?? null,
  subtasks: a.subtasks ?? [],
});

const sameAttempt = (a: BoardAttempt, b: BoardAttempt) =>
  a.status === b.status &&
  a.atMs === b.atMs &&
  (a.score ?? null) === (b.score ?? null) &&
  (a.fullScore ?? null) === (b.fullScore ?? null) &&
  JSON.stringify(a.subtasks ?? []) === JSON.stringify(b.subtasks ?? []);

/** The ordered standings of one view, with the first solver of each problem (ICPC only). */
class View {
  readonly tree: OrderTree<Standing>;
  readonly first: ({ userId: number; acMs: number } | null)[];
  constructor(problems: number, byRank: (a: Standing, b: Standing) => number) {
    this.tree = new OrderTree<Standing>(byRank);
    this.first = Array.from({ length: problems }, () => null);
  }

  /** 1-based rank; true ties (same solved, penalty and last AC time) share it. */
  rankOf(s: Standing): number {
    return 1 + this.tree.countBefore({ userId: -Infinity, cells: [], totals: s.totals });
  }
}

/**
 * Which view of the board a read wants: the frozen one (others during a freeze: tries after the
 * freeze start pending) or the true one (`frozen: false`).
 */
export interface BoardView {
  frozen: boolean;
}

/**
 * The live scoreboard of one contest under its rule (ICPC or a scored one), in memory. Built once from the stored submissions and
 * then updated per verdict: only the participant concerned is recomputed (from its own attempts)
 * and moved in the order tree of each view, O(log n), never a re-sort of everyone.
 * Two views: the true one, and the frozen one that others see during a freeze (tries made after
 * the freeze starts count as pending there).
 */
export class Scoreboard {
  private readonly entries = new Map<number, Entry>();
  readonly full: View;
  readonly frozen: View;
  /** Bumped on every change: streams and caches compare it. */
  version = 0;

  private readonly compare: (a: Standing['totals'], b: Standing['totals']) => number;
  private readonly byRank: (a: Standing, b: Standing) => number;

  constructor(
    readonly problemCount: number,
    /** ms from the start when the freeze begins; null = no freeze (or unfrozen). */
    private freezeFromMs: number | null,
    readonly rule: ContestRule = 'icpc',
  ) {
    this.compare = (a, b) => compareRuleTotals(rule, a, b);
    this.byRank = (a, b) => this.compare(a.totals, b.totals) || a.userId - b.userId;
    this.full = new View(problemCount, this.byRank);
    this.frozen = new View(problemCount, this.byRank);
  }

  /** One problem's cell from its attempts under this board's rule. */
  private cellOf(list: readonly BoardAttempt[], hideFromMs: number | null): CellResult {
    if (this.rule === 'icpc') return list.length ? computeCell(list, hideFromMs) : EMPTY_CELL;
    return list.length ? computeScoredCell(this.rule, list.map(scored), hideFromMs) : EMPTY_SCORED_CELL;
  }

  private totalsOf(cells: CellResult[]): Standing['totals'] {
    return this.rule === 'icpc' ? totalsOf(cells) : scoredTotalsOf(cells as ScoredCell[]);
  }

  get size(): number {
    return this.entries.size;
  }

  get isFrozen(): boolean {
    return this.freezeFromMs !== null;
  }

  has(userId: number): boolean {
    return this.entries.has(userId);
  }

  standing(userId: number, { frozen }: BoardView): Standing | undefined {
    const e = this.entries.get(userId);
    return e && (frozen ? e.frozen : e.full);
  }

  /** The attempts of one participant on one problem, in submission order. */
  attemptsOf(userId: number, index: number): readonly BoardAttempt[] | undefined {
    return this.entries.get(userId)?.attempts[index];
  }

  /** How many tries of one participant the board counts (all problems): the stored `submitted`. */
  attemptCount(userId: number): number {
    return this.entries.get(userId)?.attempts.reduce((n, list) => n + list.length, 0) ?? 0;
  }

  join(userId: number): void {
    if (this.entries.has(userId)) return;
    const empty = (): Standing => ({
      userId,
      cells: Array.from({ length: this.problemCount }, () => this.cellOf([], null)),
      totals: this.totalsOf([]),
    });
    const e: Entry = {
      userId,
      attempts: Array.from({ length: this.problemCount }, () => []),
      full: empty(),
      frozen: empty(),
    };
    this.entries.set(userId, e);
    this.full.tree.insert(e.full);
    this.frozen.tree.insert(e.frozen);
    this.version++;
  }

  leave(userId: number): void {
    const e = this.entries.get(userId);
    if (!e) return;
    this.full.tree.delete(e.full);
    this.frozen.tree.delete(e.frozen);
    this.entries.delete(userId);
    for (let p = 0; p < this.problemCount; p++) {
      if (this.full.first[p]?.userId === userId) this.recomputeFirst(this.full, p, (x) => x.full);
      if (this.frozen.first[p]?.userId === userId) this.recomputeFirst(this.frozen, p, (x) => x.frozen);
    }
    this.version++;
  }

  /**
   * Adds or updates one attempt (a new submission, a verdict, a rejudge). Attempts of people who
   * have not joined, or of unknown problems, are ignored. Returns whether anything changed.
   */
  record(userId: number, index: number, attempt: BoardAttempt, opts: { silent?: boolean } = {}): boolean {
    const e = this.entries.get(userId);
    if (!e || index < 0 || index >= this.problemCount) return false;
    const list = e.attempts[index];
    const at = list.findIndex((a) => a.id >= attempt.id);
    if (at >= 0 && list[at].id === attempt.id) {
      if (sameAttempt(list[at], attempt)) return false;
      list[at] = attempt;
    } else if (at < 0) list.push(attempt);
    else list.splice(at, 0, attempt);
    this.refresh(e, index);
    if (!opts.silent) this.version++;
    return true;
  }

  /**
   * Start-up: many stored attempts at once (participants must have joined). Each participant is
   * computed once and placed once, instead of moving on every attempt.
   */
  load(rows: Iterable<{ userId: number; index: number; attempt: BoardAttempt }>): void {
    const touched = new Set<Entry>();
    for (const r of rows) {
      const e = this.entries.get(r.userId);
      if (!e || r.index < 0 || r.index >= this.problemCount) continue;
      e.attempts[r.index].push(r.attempt);
      touched.add(e);
    }
    for (const e of touched) {
      for (const list of e.attempts) list.sort((a, b) => a.id - b.id);
      e.full = this.standingOf(e, null);
      e.frozen = this.standingOf(e, this.freezeFromMs);
    }
    // Both views rebuilt in one go: a sort and a linear build, not n moves.
    const all = [...this.entries.values()];
    this.full.tree.build(all.map((e) => e.full).sort(this.byRank));
    this.frozen.tree.build(all.map((e) => e.frozen).sort(this.byRank));
    for (let p = 0; p < this.problemCount; p++) {
      this.recomputeFirst(this.full, p, (x) => x.full);
      this.recomputeFirst(this.frozen, p, (x) => x.frozen);
    }
    this.version++;
  }

  /** Freeze start changed (admin froze or unfroze): the frozen view is rebuilt, O(n log n). */
  setFreeze(freezeFromMs: number | null): void {
    this.freezeFromMs = freezeFromMs;
    for (const e of this.entries.values()) {
      this.frozen.tree.delete(e.frozen);
      e.frozen = this.standingOf(e, freezeFromMs);
      this.frozen.tree.insert(e.frozen);
    }
    for (let p = 0; p < this.problemCount; p++) this.recomputeFirst(this.frozen, p, (x) => x.frozen);
    this.version++;
  }

  /** Rows [from, from + count) of a view. */
  page({ frozen }: BoardView, from: number, count: number): { standing: Standing; rank: number }[] {
    const view = frozen ? this.frozen : this.full;
    const rows = view.tree.slice(from, count);
    const out: { standing: Standing; rank: number }[] = [];
    // Ranks inside a page: the first row asks the tree, the next ones follow unless tied.
    for (let i = 0; i < rows.length; i++) {
      const rank =
        i > 0 && this.compare(rows[i - 1].totals, rows[i].totals) === 0
          ? out[i - 1].rank
          : i > 0
            ? from + i + 1
            : view.rankOf(rows[i]);
      out.push({ standing: rows[i], rank });
    }
    return out;
  }

  rankOf(userId: number, { frozen }: BoardView): number | null {
    const e = this.entries.get(userId);
    if (!e) return null;
    return frozen ? this.frozen.rankOf(e.frozen) : this.full.rankOf(e.full);
  }

  firstSolver({ frozen }: BoardView, index: number): number | null {
    return (frozen ? this.frozen : this.full).first[index]?.userId ?? null;
  }

  /** Every standing of a view in rank order (export, rating). */
  all(view: BoardView): { standing: Standing; rank: number }[] {
    return this.page(view, 0, this.entries.size);
  }

  private standingOf(e: Entry, hideFromMs: number | null): Standing {
    const cells = e.attempts.map((list) => this.cellOf(list, hideFromMs));
    return { userId: e.userId, cells, totals: this.totalsOf(cells) };
  }

  /** Recomputes one problem of one participant in both views and moves it in the trees. */
  private refresh(e: Entry, index: number): void {
    const update = (
      view: View,
      pick: (x: Entry) => Standing,
      set: (s: Standing) => void,
      hide: number | null,
    ) => {
      const old = pick(e);
      const cell = this.cellOf(e.attempts[index], hide);
      const cells = old.cells.slice();
      cells[index] = cell;
      const next: Standing = { userId: e.userId, cells, totals: this.totalsOf(cells) };
      view.tree.delete(old);
      set(next);
      view.tree.insert(next);
      if (this.rule !== 'icpc') return; // first solvers: an ICPC mark
      const first = view.first[index];
      if (
        cell.solved &&
        (!first || cell.acMs! < first.acMs || (cell.acMs === first.acMs && e.userId < first.userId))
      )
        view.first[index] = { userId: e.userId, acMs: cell.acMs! };
      else if (first?.userId === e.userId && (!cell.solved || cell.acMs! > first.acMs))
        this.recomputeFirst(view, index, pick); // a rejudge took the first AC away: rare, O(n)
    };
    update(
      this.full,
      (x) => x.full,
      (s) => (e.full = s),
      null,
    );
    update(
      this.frozen,
      (x) => x.frozen,
      (s) => (e.frozen = s),
      this.freezeFromMs,
    );
  }

  private recomputeFirst(view: View, index: number, pick: (x: Entry) => Standing): void {
    if (this.rule !== 'icpc') return;
    let best: { userId: number; acMs: number } | null = null;
    for (const e of this.entries.values()) {
      const c = pick(e).cells[index];
      if (c.solved && (!best || c.acMs! < best.acMs || (c.acMs === best.acMs && e.userId < best.userId)))
        best = { userId: e.userId, acMs: c.acMs! };
    }
    view.first[index] = best;
  }
}
