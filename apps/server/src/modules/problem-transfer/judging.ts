import {
  type InteractorInput,
  JUDGING_LIMITS,
  ProblemJudging,
  type ProblemJudgingRaw,
  type SubtaskInput,
} from '@oj/shared';
import type { RawProblem, RawProgram } from './model';
import { baseName } from './programs';

/**
 * The judging a parser read (RawProblem.judging), checked against our contract
 * (packages/shared/src/api/problem-judging.ts) before it goes into ProblemInput. A part our rules
 * refuse is dropped with a warning naming it; the problem is imported all the same.
 */

type Part = 'scoring' | 'grader' | 'file_io' | 'interactor';
const PART_NAMES: Record<Part, string> = {
  scoring: '分值与子任务',
  grader: '评测程序（grader）',
  file_io: '文件输入输出',
  interactor: '交互程序（已按传统题导入）',
};

function drop(j: ProblemJudgingRaw, part: Part): ProblemJudgingRaw {
  if (part === 'interactor') return { ...j, type: 'batch', interactor: null };
  return { ...j, [part]: null };
}

/**
 * Scoring the store takes (modules/problems checks the same when an admin saves): tests the
 * problem has, subtask points summing to the full score, test points within it, no dependency
 * cycle. What does not fit is said and mended or dropped.
 */
function fitScoring(j: ProblemJudgingRaw, tests: number, w: string[]): ProblemJudgingRaw {
  const s = j.scoring;
  if (!s) return j;
  const none = (why: string): ProblemJudgingRaw => {
    w.push(`${why}，分值与子任务未导入（按全部测试点评测）`);
    return { ...j, scoring: null };
  };
  const subtasks = s.subtasks ?? [];
  if (subtasks.length) {
    const missing = subtasks.flatMap((st, i) => (st.tests.some((t) => t > tests) ? [i + 1] : []));
    if (missing.length) return none(`子任务 ${missing.join('、')} 含有不在包中的测试点`);
    const sum = subtasks.reduce((n, st) => n + st.points, 0);
    if (!(sum > 0)) return none('子任务分值之和不是正数');
    if (hasCycle(subtasks.map((st) => st.dependencies ?? []))) return none('子任务之间的依赖成环');
    const { test_points: _dropped, ...rest } = s;
    if (s.test_points?.length) w.push('包中同时给了子任务与测试点分值，按子任务计分');
    if (s.full_score !== undefined && Math.abs(s.full_score - sum) > 1e-6)
      w.push(`满分 ${s.full_score} 与子任务分值之和 ${sum} 不同，满分按 ${sum} 导入`);
    return { ...j, scoring: { ...rest, ...(s.full_score !== undefined ? { full_score: sum } : {}) } };
  }
  let points = s.test_points;
  if (points && points.length > tests) {
    w.push(`测试点分值多于测试点（${points.length} 个分值，${tests} 个测试点），多余的分值已略去`);
    points = points.slice(0, tests);
  }
  const sum = (points ?? []).reduce((n, p) => n + p, 0);
  let full = s.full_score;
  if (full !== undefined && sum > full + 1e-6) {
    w.push(`测试点分值之和 ${sum} 超过满分 ${full}，满分按 ${sum} 导入`);
    full = sum;
  }
  return {
    ...j,
    scoring: {
      ...s,
      ...(points ? { test_points: points } : {}),
      ...(full !== undefined ? { full_score: full } : {}),
    },
  };
}

/** Dependencies numbered from 1; one out of range is the schema's to refuse. */
function hasCycle(deps: number[][]): boolean {
  const state = deps.map(() => 0); // 0 new, 1 visiting, 2 done
  const visit = (i: number): boolean => {
    if (state[i] === 2) return false;
    if (state[i] === 1) return true;
    state[i] = 1;
    const cyclic = deps[i].some((d) => d >= 1 && d <= deps.length && visit(d - 1));
    state[i] = 2;
    return cyclic;
  };
  return deps.some((_, i) => visit(i));
}

export function judgingOf(raw: RawProblem): ProblemJudging | undefined {
  if (!raw.judging) return undefined;
  let j = fitScoring(raw.judging, raw.tests.length, raw.warnings);
  for (let round = 0; round < 5; round++) {
    const parsed = ProblemJudging.safeParse(j);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    const head = String(issue.path[0] ?? '');
    const part: Part = head === 'scoring' || head === 'grader' || head === 'file_io' ? head : 'interactor';
    if (part !== 'interactor' || j.interactor || j.type === 'interactive')
      raw.warnings.push(`判题设置中的${PART_NAMES[part]}无法导入（${issue.message}），已略去`);
    j = drop(j, part);
  }
  raw.warnings.push('判题设置无法导入，已按传统题导入');
  return undefined;
}

/** Adds `more` to the judging a parser collects (created batch on first use). */
export function setJudging(raw: RawProblem, more: ProblemJudgingRaw): void {
  raw.judging = { ...(raw.judging ?? {}), ...more };
}

/**
 * A package's interactor program as ours: C++ only (the judge compiles it so), its headers beside
 * it. Null, with a warning, for what we cannot run; the program is kept on `raw.interactor` anyway.
 */
export function interactorOf(
  program: RawProgram,
  raw: RawProblem,
  files?: { name: string; content: string }[],
): InteractorInput | null {
  raw.interactor = program;
  if (program.language !== 'C++') {
    raw.warnings.push(
      `交互程序「${baseName(program.name).slice(0, 64)}」不是 C++ 程序，本站无法运行，已按传统题导入`,
    );
    return null;
  }
  const all = [...(program.files ?? []), ...(files ?? [])].filter(
    (f, i, list) => list.findIndex((o) => o.name === f.name) === i,
  );
  if (all.length > JUDGING_LIMITS.filesMax)
    raw.warnings.push(
      `交互程序的附加文件超过 ${JUDGING_LIMITS.filesMax} 个，只保留前 ${JUDGING_LIMITS.filesMax} 个`,
    );
  const kept = all.slice(0, JUDGING_LIMITS.filesMax);
  return {
    source: program.source,
    ...(kept.length ? { files: kept } : {}),
    ...(program.protocol === 'kattis' ? { protocol: 'kattis' as const } : {}),
  };
}

/** Tests numbered from 1 to n, as a subtask lists them. */
export const range = (from: number, count: number): number[] =>
  Array.from({ length: count }, (_, i) => from + i);

/** Subtask points that are whole where the package's are (a float like 33.333 kept as given). */
export const subtask = (
  points: number,
  tests: number[],
  scoring?: SubtaskInput['scoring'],
  dependencies?: number[],
): SubtaskInput => ({
  points,
  tests,
  ...(scoring ? { scoring } : {}),
  ...(dependencies?.length ? { dependencies } : {}),
});
