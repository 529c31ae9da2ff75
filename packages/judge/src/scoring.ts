import type { JudgeJob, SubtaskResult, SubtaskScoring, TestResult, Verdict } from '@oj/shared';

/**
 * Partial scoring (docs/problem-types.md), pure: which tests may be skipped, what each test and
 * subtask earns, the total. Tests are known by their index in the job; a result is missing
 * (undefined) for a test that did not run.
 */

interface PlannedSubtask {
  id: string;
  points: number;
  /** Indices of its tests, in test order. */
  tests: number[];
  scoring: SubtaskScoring;
  dependencies: string[];
}

export interface ScoringPlan {
  fullScore: number;
  /** Scored by tests: what each test is worth (by index). */
  testPoints?: number[];
  subtasks?: PlannedSubtask[];
  /** Skip tests that can earn nothing more ('first-failure' mode). */
  skip: boolean;
  /** The job's legacy groups: reported as `groups` and `score` only, judged by its mode. */
  legacyGroups: boolean;
}

/** What a test that ran gave the scoring: its verdict and its fraction of its score. */
export interface ScoredTest {
  status: Verdict;
  fraction: number;
}

/** Sums that should be whole are kept free of floating-point dust (100 / 3 × 3). */
const tidy = (x: number) => Math.round(x * 1e6) / 1e6;
/** Points × fraction, exact for the whole and the failed test. */
const times = (points: number, fraction: number) =>
  fraction === 1 ? points : fraction === 0 ? 0 : tidy(points * fraction);

/** The plan of a scored job; null when the job is not scored (ICPC style). */
export function planScoring(
  job: Pick<JudgeJob, 'tests' | 'groups' | 'scoring' | 'mode'>,
): ScoringPlan | null {
  const index = new Map(job.tests.map((t, i) => [t.name, i]));
  const indices = (names: string[]) =>
    [...new Set(names.map((n) => index.get(n)).filter((i): i is number => i !== undefined))].sort(
      (a, b) => a - b,
    );
  if (job.groups && !job.scoring) {
    // As before: a name that is not a test counts as a test that did not pass (-1 never has a result).
    const subtasks = job.groups.map((g) => ({
      id: g.name,
      points: g.points,
      tests: g.tests.map((n) => index.get(n) ?? -1),
      scoring: 'min' as const,
      dependencies: [],
    }));
    const fullScore = tidy(subtasks.reduce((s, st) => s + st.points, 0));
    return { fullScore, subtasks, skip: false, legacyGroups: true };
  }
  if (!job.scoring) return null;
  const skip = job.mode === 'first-failure';
  if (job.scoring.subtasks) {
    const subtasks = job.scoring.subtasks.map((st) => ({
      id: st.id,
      points: st.points,
      tests: indices(st.tests),
      scoring: st.scoring ?? 'min',
      dependencies: st.dependencies ?? [],
    }));
    const fullScore = job.scoring.fullScore ?? tidy(subtasks.reduce((s, st) => s + st.points, 0));
    return { fullScore, subtasks, skip, legacyGroups: false };
  }
  const given = job.tests.reduce((s, t) => s + (t.points ?? 0), 0);
  const without = job.tests.filter((t) => t.points === undefined).length;
  const fullScore = job.scoring.fullScore ?? (without === 0 && job.tests.length > 0 ? tidy(given) : 100);
  const share = without > 0 ? Math.max(0, fullScore - given) / without : 0;
  return {
    fullScore,
    testPoints: job.tests.map((t) => t.points ?? share),
    // Scored by tests: every test earns on its own, none is skipped.
    skip: false,
    legacyGroups: false,
  };
}

const fractionOf = (t: ScoredTest | undefined) => t?.fraction ?? 0;

/**
 * Whether subtask `id` is known not to be full from the results so far: one of its tests scored
 * below 1, or a subtask it depends on (through any chain) is known not to be full.
 */
function knownNotFull(
  byId: Map<string, PlannedSubtask>,
  results: ReadonlyArray<ScoredTest | undefined>,
  memo: Map<string, boolean>,
  id: string,
): boolean {
  const hit = memo.get(id);
  if (hit !== undefined) return hit;
  const st = byId.get(id);
  const own = st?.tests.some((i) => results[i] !== undefined && fractionOf(results[i]) < 1) ?? false;
  const value = own || (st?.dependencies.some((d) => knownNotFull(byId, results, memo, d)) ?? false);
  memo.set(id, value);
  return value;
}

/**
 * Whether test `index` can be skipped given the results known so far: it belongs to subtasks only,
 * and each of them can earn nothing more (a 'min' subtask with a test below 1, or one whose
 * dependency is known not to be full). More failures only skip more, so a test skipped on part of
 * the results before it is skipped on all of them: parallel judging skips what sequential would.
 */
export function canSkip(
  plan: ScoringPlan,
  index: number,
  results: ReadonlyArray<ScoredTest | undefined>,
): boolean {
  if (!plan.skip || !plan.subtasks) return false;
  const containing = plan.subtasks.filter((st) => st.tests.includes(index));
  if (containing.length === 0) return false;
  const byId = new Map(plan.subtasks.map((st) => [st.id, st]));
  const memo = new Map<string, boolean>();
  return containing.every(
    (st) =>
      st.dependencies.some((d) => knownNotFull(byId, results, memo, d)) ||
      (st.scoring === 'min' && st.tests.some((i) => results[i] !== undefined && fractionOf(results[i]) < 1)),
  );
}

export interface JobScore {
  /** Points earned. */
  score: number;
  fullScore: number;
  /** Scored by tests: the points each test earned (by index; undefined for tests not run). */
  earned?: (number | undefined)[];
  subtasks?: SubtaskResult[];
}

/** Scores a judged job; `names` are the tests' names by index. */
export function scoreJob(
  plan: ScoringPlan,
  results: ReadonlyArray<ScoredTest | undefined>,
  names: readonly string[],
): JobScore {
  if (plan.testPoints) {
    const earned = plan.testPoints.map((_, i) =>
      results[i] ? testEarned(plan, i, fractionOf(results[i])) : undefined,
    );
    return {
      score: tidy(earned.reduce<number>((s, e) => s + (e ?? 0), 0)),
      fullScore: plan.fullScore,
      earned,
    };
  }
  const subtasks = plan.subtasks ?? [];
  const byId = new Map(subtasks.map((st) => [st.id, st]));
  // Full: every test ran at fraction 1 and no dependency (through any chain) is short of full.
  const fullMemo = new Map<string, boolean>();
  const isFull = (id: string): boolean => {
    const hit = fullMemo.get(id);
    if (hit !== undefined) return hit;
    fullMemo.set(id, false); // a cycle (the job's schema forbids them) is never full
    const st = byId.get(id);
    const value =
      !!st && st.tests.every((i) => fractionOf(results[i]) === 1) && st.dependencies.every((d) => isFull(d));
    fullMemo.set(id, value);
    return value;
  };
  const judged: SubtaskResult[] = subtasks.map((st) => {
    const ran = st.tests.filter((i) => results[i] !== undefined);
    const blockedBy = st.dependencies.find((d) => !isFull(d));
    const fractions = st.tests.map((i) => fractionOf(results[i]));
    const share =
      st.scoring === 'min'
        ? Math.min(...fractions)
        : fractions.reduce((s, f) => s + f, 0) / Math.max(1, fractions.length);
    const status =
      ran.length === 0 ? undefined : (ran.map((i) => results[i]?.status).find((v) => v !== 'AC') ?? 'AC');
    return {
      id: st.id,
      points: st.points,
      score: blockedBy === undefined ? times(st.points, share) : 0,
      ...(status ? { status } : {}),
      ...(blockedBy === undefined ? {} : { blockedBy }),
      skipped: ran.length === 0,
      skippedTests: st.tests.filter((i) => i >= 0 && results[i] === undefined).map((i) => names[i]),
    };
  });
  const total = judged.reduce((s, st) => s + st.score, 0);
  // Legacy groups: the plain sum, as before.
  return { score: plan.legacyGroups ? total : tidy(total), fullScore: plan.fullScore, subtasks: judged };
}

/** In a job scored by tests, what test `index` earned with `fraction`; undefined otherwise. */
export function testEarned(plan: ScoringPlan, index: number, fraction: number): number | undefined {
  const points = plan.testPoints?.[index];
  return points === undefined ? undefined : times(points, fraction);
}

/** The fields a judged result gains from its score (legacy groups keep their old shape). */
export function scoredFields(plan: ScoringPlan, scored: JobScore): Record<string, unknown> {
  if (plan.legacyGroups)
    return {
      score: scored.score,
      groups: (scored.subtasks ?? []).map((g) => ({ name: g.id, points: g.points, score: g.score })),
    };
  return {
    score: scored.score,
    fullScore: scored.fullScore,
    ...(scored.subtasks ? { subtasks: scored.subtasks } : {}),
  };
}

/** A test's result with its score, in a scored job (legacy groups: unchanged). */
export function withTestScore(
  plan: ScoringPlan,
  result: TestResult,
  fraction: number,
  earned?: number,
): TestResult {
  if (plan.legacyGroups) return result;
  return { ...result, score: { fraction, ...(earned === undefined ? {} : { earned }) } };
}
