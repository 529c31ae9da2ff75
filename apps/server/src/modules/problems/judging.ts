import {
  type FileIo,
  type GraderSpec,
  type InteractorSpec,
  type JudgeScoring,
  type Language,
  ProblemJudging,
  type ProblemJudgingView,
  type ProblemType,
} from '@oj/shared';
import { badRequest } from '../../lib/errors';
import { parseJson } from './present';
import type { ProblemRow } from './tables';

/**
 * A problem's judging (issue 24, docs/problem-types.md): how it is stored (`problems.judging`, JSON
 * ProblemJudging, null = traditional all-or-nothing), shown (ProblemJudgingView) and turned into the
 * judge job's fields. Tests are numbered from 1 in stored order (job test names String(i + 1)),
 * subtasks from 1 in list order (job subtask ids String(k + 1)).
 */

/** The stored judging; null for a traditional all-or-nothing problem (or an unreadable value). */
export function judgingOf(row: Pick<ProblemRow, 'judging'>): ProblemJudging | null {
  if (!row.judging) return null;
  const parsed = ProblemJudging.safeParse(parseJson<unknown>(row.judging, null));
  return parsed.success ? parsed.data : null;
}

export const problemTypeOf = (row: Pick<ProblemRow, 'judging'>): ProblemType =>
  judgingOf(row)?.type ?? 'batch';

const TRADITIONAL: ProblemJudgingView = {
  type: 'batch',
  file_io: null,
  interactor: null,
  grader: null,
  scoring: null,
};

const isHeader = (name: string) => /\.(h|hh|hpp|hxx|inc)$/i.test(name);

/**
 * What a viewer sees: the interactor is the jury's (admins only); a grader's headers are public
 * (solutions include them), its sources by name only.
 */
export function presentJudging(j: ProblemJudging | null, isAdmin: boolean): ProblemJudgingView {
  if (!j) return TRADITIONAL;
  return {
    type: j.type,
    file_io: j.file_io,
    interactor: isAdmin ? j.interactor : null,
    grader:
      j.grader && !isAdmin
        ? {
            ...j.grader,
            files: j.grader.files.map((f) => (isHeader(f.name) ? f : { name: f.name, content: '' })),
          }
        : j.grader,
    scoring: j.scoring,
  };
}

/**
 * Rules the schema alone cannot say, checked when an admin saves: dependency cycles and the sums
 * against the full score. Field named in words.
 */
export function checkJudging(j: ProblemJudging): void {
  const s = j.scoring;
  if (!s) return;
  const subtasks = s.subtasks ?? [];
  if (subtasks.length && s.test_points?.length) throw badRequest('测试点分值与子任务不能同时设置', 'judging');
  const eps = 1e-6;
  if (subtasks.length) {
    const sum = subtasks.reduce((n, st) => n + st.points, 0);
    if (s.full_score !== undefined && Math.abs(sum - s.full_score) > eps)
      throw badRequest(`子任务分值之和（${sum}）必须等于满分（${s.full_score}）`, 'judging');
    if (sum <= 0) throw badRequest('子任务分值之和必须为正数', 'judging');
    if (hasCycle(subtasks.map((st) => st.dependencies ?? [])))
      throw badRequest('子任务之间的依赖不能成环', 'judging');
  } else if (s.test_points && s.full_score !== undefined) {
    const sum = s.test_points.reduce((n, p) => n + p, 0);
    if (sum > s.full_score + eps)
      throw badRequest(`测试点分值之和（${sum}）超过满分（${s.full_score}）`, 'judging');
  }
}

/**
 * The column's value: checked, and null for a traditional all-or-nothing problem (what a problem
 * without the column is too).
 */
export function storableJudging(j: ProblemJudging): string | null {
  checkJudging(j);
  const traditional = j.type === 'batch' && !j.file_io && !j.grader && !j.scoring;
  return traditional ? null : JSON.stringify(j);
}

/** Dependencies numbered from 1. */
function hasCycle(deps: number[][]): boolean {
  const state: ('new' | 'visiting' | 'done')[] = deps.map(() => 'new');
  const visit = (i: number): boolean => {
    if (state[i] === 'done') return false;
    if (state[i] === 'visiting') return true;
    state[i] = 'visiting';
    const cyclic = deps[i].some((d) => d - 1 < deps.length && visit(d - 1));
    state[i] = 'done';
    return cyclic;
  };
  return deps.some((_, i) => visit(i));
}

/**
 * References to tests that do not exist (the tests were replaced by fewer): what judging would get
 * wrong, in words. Empty when everything refers to an existing test.
 */
export function staleReferences(j: ProblemJudging | null, testCount: number): string[] {
  const s = j?.scoring;
  if (!s) return [];
  const out: string[] = [];
  for (const [k, st] of (s.subtasks ?? []).entries()) {
    const missing = st.tests.filter((t) => t > testCount);
    if (missing.length)
      out.push(`子任务 ${k + 1} 引用了不存在的测试点 ${missing.join('、')}（现有 ${testCount} 个测试点）`);
  }
  if (s.test_points && s.test_points.length > testCount)
    out.push(`测试点分值列出了 ${s.test_points.length} 个测试点，但现有 ${testCount} 个测试点`);
  return out;
}

/** The judge job's fields of a problem's judging (absent ones are the traditional defaults). */
export interface JudgingJobFields {
  type?: ProblemType;
  io?: FileIo;
  interactor?: InteractorSpec;
  grader?: GraderSpec;
  scoring?: JudgeScoring;
}

/**
 * The job's fields and each test's points. Refuses (with the admin's mistake in words) a judging
 * that refers to tests that are gone: judging would score it wrongly.
 */
export function judgingJob(
  j: ProblemJudging | null,
  testCount: number,
): { fields: JudgingJobFields; points: (number | undefined)[] } {
  const none = { fields: {}, points: [] };
  if (!j) return none;
  const stale = staleReferences(j, testCount);
  if (stale.length) throw badRequest(`题目的评分设置与测试数据不一致，暂时不能评测：${stale.join('；')}`);
  const fields: JudgingJobFields = programFields(j);
  if (j.type !== 'batch') fields.type = j.type;
  const s = j.scoring;
  if (!s) return { fields, points: [] };
  const subtasks = s.subtasks ?? [];
  if (subtasks.length) {
    fields.scoring = {
      ...(s.full_score !== undefined ? { fullScore: s.full_score } : {}),
      subtasks: subtasks.map((st, k) => ({
        id: String(k + 1),
        points: st.points,
        tests: [...new Set(st.tests)].map(String),
        ...(st.scoring ? { scoring: st.scoring } : {}),
        ...(st.dependencies?.length ? { dependencies: st.dependencies.map(String) } : {}),
      })),
    };
    return { fields, points: [] };
  }
  fields.scoring = s.full_score !== undefined ? { fullScore: s.full_score } : {};
  return { fields, points: s.test_points ?? [] };
}

/**
 * How the program runs (the interactor it talks to, its files, the grader it is compiled with): the
 * judge job's fields, and a custom test's.
 */
export function programFields(
  j: ProblemJudging | null,
): Pick<JudgingJobFields, 'io' | 'interactor' | 'grader'> {
  const fields: JudgingJobFields = {};
  if (!j) return fields;
  if (j.file_io) fields.io = { input: j.file_io.input, output: j.file_io.output };
  if (j.interactor)
    fields.interactor = {
      language: 'C++',
      source: j.interactor.source,
      ...(j.interactor.files?.length ? { files: j.interactor.files } : {}),
      ...(j.interactor.protocol === 'kattis' ? { protocol: 'kattis' as const } : {}),
    };
  if (j.grader)
    fields.grader = {
      files: j.grader.files,
      ...(j.grader.submission_name ? { submissionName: j.grader.submission_name } : {}),
      ...(j.grader.includes_submission ? { includesSubmission: true } : {}),
    };
  return fields;
}

/** Grader problems compile with C or C++ only; output-only problems take answers, not programs. */
export function languageRefusal(j: ProblemJudging | null, language: Language): string | null {
  if (j?.type === 'output-only') return '这是提交答案题，请提交答案文件，而不是程序';
  if (j?.grader && language !== 'C' && language !== 'C++')
    return `这道题与评测程序（grader）一起编译，只接受 C 和 C++，不接受 ${language}`;
  return null;
}
