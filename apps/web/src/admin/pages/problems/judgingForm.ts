import type {
  JudgingFile,
  ProblemJudgingRaw,
  ProblemJudgingView,
  ProblemType,
  SubtaskInput,
} from '../../../lib/contract';

import { formatTestRanges } from '../../../components/solve/testRanges';

// The problem editor's judging part (issue 24): type, file I/O, interactor, grader, scoring, as
// flat form fields. Whatever the form does not edit is kept as the server sent it (`judging_loaded`).

export type ScoringMode = 'off' | 'tests' | 'subtasks';

/** One row of the subtasks table: tests and dependencies as the admin types them (`1-5,8`). */
export interface SubtaskRow {
  points: number;
  tests: string;
  scoring: 'min' | 'sum';
  dependencies?: string;
}

export interface JudgingFormValues {
  judging_type: ProblemType;
  file_io_enabled: boolean;
  file_io_input?: string;
  file_io_output?: string;
  interactor_source?: string;
  interactor_files?: JudgingFile[];
  interactor_protocol: 'testlib' | 'kattis';
  grader_enabled: boolean;
  grader_files?: JudgingFile[];
  grader_submission_name?: string;
  grader_includes_submission?: boolean;
  scoring_mode: ScoringMode;
  full_score?: number;
  /** Points of each test in order, separated by spaces or commas. */
  test_points?: string;
  subtasks?: SubtaskRow[];
  /** The judging as loaded: sent back with the form's changes laid over it. */
  judging_loaded?: ProblemJudgingView;
}

export const NEW_JUDGING: JudgingFormValues = {
  judging_type: 'batch',
  file_io_enabled: false,
  interactor_protocol: 'testlib',
  grader_enabled: false,
  scoring_mode: 'off',
};

/**
 * `1-5,8` → [1, 2, 3, 4, 5, 8] (sorted, without repeats); a Chinese message when it is not a
 * list of numbers from 1 and ranges `a-b` with a ≤ b.
 */
export function parseTestRanges(text: string, what = '测试点'): number[] | string {
  const parts = text
    .split(/[,，\s]+/)
    .map((s) => s.trim())
    .filter(Boolean);
  if (parts.length === 0) return `请填写${what}编号，例如 1-5,8`;
  const out = new Set<number>();
  for (const part of parts) {
    const m = /^(\d+)(?:\s*[-~]\s*(\d+))?$/.exec(part);
    if (!m) return `无法识别「${part}」：${what}编号写作 3 或 1-5，用逗号分隔`;
    const from = Number(m[1]);
    const to = m[2] === undefined ? from : Number(m[2]);
    if (from < 1) return `${what}编号从 1 开始`;
    if (to < from) return `「${part}」的起点大于终点`;
    if (to - from > 10_000) return `「${part}」的范围过大`;
    for (let n = from; n <= to; n++) out.add(n);
  }
  return [...out].sort((a, b) => a - b);
}

export { formatTestRanges };

/** `10 10 20` (spaces or commas) → [10, 10, 20]; a Chinese message otherwise. */
export function parsePointList(text: string): number[] | string {
  const parts = text.split(/[,，\s]+/).filter(Boolean);
  const out: number[] = [];
  for (const part of parts) {
    const n = Number(part);
    if (!Number.isFinite(n) || n < 0) return `「${part}」不是非负的分值`;
    out.push(n);
  }
  return out;
}

/**
 * What is wrong with the subtasks table as a whole (a dependency on a missing subtask or on
 * itself, points not adding up to the full score), or null.
 */
export function subtasksProblem(rows: readonly SubtaskRow[], fullScore?: number | null): string | null {
  if (rows.length === 0) return '按子任务计分至少需要一个子任务';
  for (const [i, row] of rows.entries()) {
    const tests = parseTestRanges(row.tests ?? '');
    if (typeof tests === 'string') return `子任务 ${i + 1}：${tests}`;
    const deps = row.dependencies?.trim() ? parseTestRanges(row.dependencies, '子任务') : [];
    if (typeof deps === 'string') return `子任务 ${i + 1} 的依赖：${deps}`;
    for (const d of deps)
      if (d > rows.length || d === i + 1) return `子任务 ${i + 1} 依赖的子任务 ${d} 不存在或是它自己`;
  }
  const sum = rows.reduce((s, r) => s + (Number(r.points) || 0), 0);
  if (fullScore != null && Math.abs(sum - fullScore) > 1e-9)
    return `子任务分值之和（${sum}）必须等于满分（${fullScore}）`;
  return null;
}

export function judgingFormFrom(j: ProblemJudgingView | undefined | null): JudgingFormValues {
  if (!j) return NEW_JUDGING;
  const scoring = j.scoring;
  return {
    judging_type: j.type,
    file_io_enabled: !!j.file_io,
    file_io_input: j.file_io?.input,
    file_io_output: j.file_io?.output,
    interactor_source: j.interactor?.source,
    interactor_files: j.interactor?.files ?? [],
    interactor_protocol: j.interactor?.protocol ?? 'testlib',
    grader_enabled: !!j.grader,
    grader_files: j.grader?.files ?? [],
    grader_submission_name: j.grader?.submission_name,
    grader_includes_submission: j.grader?.includes_submission ?? false,
    scoring_mode: !scoring ? 'off' : scoring.subtasks?.length ? 'subtasks' : 'tests',
    full_score: scoring?.full_score,
    test_points: scoring?.test_points?.join(' ') ?? '',
    subtasks: (scoring?.subtasks ?? []).map((s: SubtaskInput): SubtaskRow => ({
      points: s.points,
      tests: formatTestRanges(s.tests),
      scoring: s.scoring ?? 'min',
      dependencies: s.dependencies?.length ? formatTestRanges(s.dependencies) : '',
    })),
    judging_loaded: j,
  };
}

const numbersOr = (text: string | undefined, what?: string): number[] => {
  const parsed = text?.trim() ? parseTestRanges(text, what) : [];
  return typeof parsed === 'string' ? [] : parsed;
};

/** The judging to send: the form's choices over what was loaded (fields it does not know stay). */
export function judgingFromForm(v: Partial<JudgingFormValues>): ProblemJudgingRaw {
  const loaded = v.judging_loaded;
  const type = v.judging_type ?? 'batch';
  const file_io =
    type === 'batch' && v.file_io_enabled
      ? { ...loaded?.file_io, input: v.file_io_input ?? '', output: v.file_io_output ?? '' }
      : null;
  const interactor =
    type === 'interactive'
      ? {
          ...loaded?.interactor,
          source: v.interactor_source ?? '',
          files: v.interactor_files ?? [],
          ...(v.interactor_protocol === 'kattis' ? { protocol: 'kattis' as const } : { protocol: undefined }),
        }
      : null;
  const grader =
    type !== 'output-only' && v.grader_enabled
      ? {
          ...loaded?.grader,
          files: v.grader_files ?? [],
          submission_name: v.grader_submission_name?.trim() || undefined,
          includes_submission: v.grader_includes_submission || undefined,
        }
      : null;
  const mode = v.scoring_mode ?? 'off';
  const full = v.full_score ?? undefined;
  const scoring =
    mode === 'off'
      ? null
      : mode === 'tests'
        ? {
            ...loaded?.scoring,
            subtasks: undefined,
            full_score: full,
            test_points: (() => {
              const p = parsePointList(v.test_points ?? '');
              return typeof p === 'string' || p.length === 0 ? undefined : p;
            })(),
          }
        : {
            ...loaded?.scoring,
            test_points: undefined,
            full_score: full,
            subtasks: (v.subtasks ?? []).map((row, i) => ({
              ...loaded?.scoring?.subtasks?.[i],
              points: Number(row.points) || 0,
              tests: numbersOr(row.tests),
              scoring: row.scoring === 'sum' ? ('sum' as const) : undefined,
              dependencies: row.dependencies?.trim() ? numbersOr(row.dependencies, '子任务') : undefined,
            })),
          };
  return { ...loaded, type, file_io, interactor, grader, scoring: scoring && dropUndefined(scoring) };
}

function dropUndefined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, value]) => value !== undefined)) as T;
}
