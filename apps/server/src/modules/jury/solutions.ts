import { JURY_LIMITS, type JuryPage, JurySolutionInput, type JurySolutionModify } from '@oj/shared';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import type { JuryDeps } from './deps';
import { presentSolution, presentValidator } from './present';
import * as repo from './repo';
import { currentSpec, queueRuns, timeLimitsOf } from './runs';
import { blockersOf, runStateOf, summarize } from './summary';

type Origin = 'import' | 'admin';

async function liveProblem(d: Pick<JuryDeps, 'problems'>, problemId: number) {
  const problem = await d.problems.row(problemId);
  if (!problem) throw notFound(`题目 ${problemId} 不存在`);
  return problem;
}

async function insertChecked(d: JuryDeps, problemId: number, input: JurySolutionInput, origin: Origin) {
  const now = nowIso();
  return repo.insertSolution(d.db, {
    problem_id: problemId,
    name: input.name,
    language: input.language,
    source: input.source,
    expected: JSON.stringify(input.expected),
    origin,
    run_status: null,
    spec_key: null,
    judged_at: null,
    create_time: now,
    update_time: now,
  });
}

/** An admin adds a solution: stored, then judged at once. */
export async function addSolution(d: JuryDeps, problemId: number, input: JurySolutionInput): Promise<number> {
  await liveProblem(d, problemId);
  if ((await repo.countOf(d.db, problemId)) >= JURY_LIMITS.solutionsMax)
    throw badRequest(`每道题最多 ${JURY_LIMITS.solutionsMax} 个解法`);
  const row = await insertChecked(d, problemId, input, 'admin');
  await queueRuns(d, problemId, [row]);
  return row.id;
}

/** A solution edited: its run is of other code (or other expectations), so it is judged again. */
export async function modifySolution(d: JuryDeps, input: JurySolutionModify): Promise<void> {
  const row = await repo.updateSolution(d.db, input.solution_id, {
    name: input.name,
    language: input.language,
    source: input.source,
    expected: JSON.stringify(input.expected),
    update_time: nowIso(),
  });
  if (!row) throw notFound(`解法 ${input.solution_id} 不存在`);
  await queueRuns(d, row.problem_id, [row]);
}

export async function removeSolution(d: JuryDeps, solutionId: number): Promise<void> {
  if (!(await repo.deleteSolution(d.db, solutionId))) throw notFound(`解法 ${solutionId} 不存在`);
}

/** A solution as a package brings it (the importers' RawProblem.solutions). */
export interface PackagedSolution {
  name: string;
  language: string;
  source: string;
  expected: string[];
}

/**
 * For the importer (problem-transfer): keeps a package's labelled solutions with the problem it has
 * just created and judges them all. Each is checked like one an admin adds (name, language, size,
 * expected verdicts: JURY_LABELS maps the other judges' labels); one that fails is left out and
 * said in the answer's warnings, in Chinese, naming it; past `JURY_LIMITS.solutionsMax` the rest
 * are left out too. Answers how many were kept.
 */
export async function saveJurySolutions(
  d: JuryDeps,
  problemId: number,
  solutions: PackagedSolution[],
): Promise<{ saved: number; warnings: string[] }> {
  const warnings: string[] = [];
  const room = JURY_LIMITS.solutionsMax - (await repo.countOf(d.db, problemId));
  const rows = [];
  for (const [i, s] of solutions.entries()) {
    const label = (s.name || `第 ${i + 1} 个解法`).slice(0, JURY_LIMITS.nameMax);
    const parsed = JurySolutionInput.safeParse({ ...s, name: label });
    if (!parsed.success) {
      warnings.push(`解法「${label}」未保存：${parsed.error.issues[0].message}`);
      continue;
    }
    if (rows.length >= room) {
      warnings.push(`解法超过 ${JURY_LIMITS.solutionsMax} 个，「${label}」及之后的未保存`);
      break;
    }
    rows.push(await insertChecked(d, problemId, parsed.data, 'import'));
  }
  await queueRuns(d, problemId, rows);
  return { saved: rows.length, warnings };
}

/** The 题目验证 page: the problem, every solution with its run, the validator and the summary. */
export async function juryPage(d: JuryDeps, problemId: number): Promise<JuryPage> {
  const problem = await liveProblem(d, problemId);
  const [rows, validator, current] = await Promise.all([
    repo.solutionsOf(d.db, problemId),
    repo.validatorOf(d.db, problemId),
    currentSpec(d, problemId),
  ]);
  const key = 'key' in current ? current.key : null;
  const limitOf = await timeLimitsOf(d, rows, problem.time_limit);
  return {
    problem_id: problem.id,
    chinese_name: problem.chinese_name,
    visible: problem.visible === 1,
    time_limit: problem.time_limit,
    memory_limit: problem.memory_limit,
    test_case_num: problem.test_case_num,
    solutions: rows.map((r) => presentSolution(r, key, limitOf(r))),
    validator: validator ? presentValidator(validator) : null,
    summary: summarize(rows, key, problem.time_limit, limitOf),
  };
}

/**
 * The publish gate (admin/modify with visible): a hidden problem whose jury solutions do not all
 * agree with what they expect, or are still being judged or stale, is not made visible unless the
 * admin confirms with `force`. A problem without jury solutions, or one visible already, passes.
 */
export async function checkPublish(d: JuryDeps, problemId: number, force: boolean): Promise<void> {
  if (force) return;
  const problem = await d.problems.row(problemId);
  if (!problem || problem.visible === 1) return;
  const rows = await repo.solutionsOf(d.db, problemId);
  if (!rows.length) return;
  const current = await currentSpec(d, problemId);
  const key = 'key' in current ? current.key : null;
  const { errors, waiting } = blockersOf(
    rows,
    rows.map((r) => runStateOf(r, key)),
  );
  if (!errors.length && !waiting.length) return;
  const why = [
    ...errors.slice(0, 3),
    ...(errors.length > 3 ? [`另有 ${errors.length - 3} 个解法不符合期望`] : []),
    ...waiting,
  ];
  throw conflict(
    `题目验证${errors.length ? '未通过' : '尚未完成'}，暂不能公开：${why.join('；')}。请在「题目验证」页处理，或确认后强制公开`,
    'force',
  );
}
