import {
  type AlgorithmQuery,
  algorithmTagIndex,
  type BankPage,
  type DifficultySum,
  type Language,
  LANGUAGES,
  type MyStatus,
  type Problem,
  type ProblemInput,
  type ProblemNeighbours,
  type ProblemModifyInput,
} from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { can } from '../../lib/permissions';
import { nowIso } from '../../lib/time';
import { forgetProblem } from './daily-repo';
import type { ProblemsDeps } from './deps';
import { presentBankRow, presentProblem, type StoredTest, tagIds } from './present';
import * as repo from './repo';
import { storableJudging } from './judging';
import type { ProblemRow } from './tables';

/** The demo bank starts at 1000 (A+B), like most judges. */
export const FIRST_PROBLEM_ID = 1000;

type D = Pick<ProblemsDeps, 'db' | 'classProblems'>;

/**
 * A problem the viewer may see; hidden ones exist only for admins, and a class problem for the
 * members of its classes too (issue 27 part 3: they read it and submit to it).
 */
export async function visibleRow(d: D, viewer: Viewer, id: number): Promise<ProblemRow> {
  const r = await repo.liveRow(d.db, id);
  if (
    !r ||
    (r.visible !== 1 &&
      !can(viewer, { action: 'problem.viewHidden' }) &&
      !(await d.classProblems?.mayRead(viewer, id)))
  ) {
    throw notFound(`题目 ${id} 不存在`);
  }
  return r;
}

export async function statuses(d: D, viewer: Viewer, ids: number[]): Promise<Map<number, MyStatus>> {
  const out = new Map<number, MyStatus>();
  if (viewer.uuid < 0 || !ids.length) return out;
  for (const r of await repo.statusRows(d.db, viewer.uuid, ids))
    out.set(r.problem_id, r.solved ? 'solved' : 'tried');
  return out;
}

export const solvedBy = async (d: D, userIds: number[], problemIds: number[]) =>
  userIds.length && problemIds.length ? repo.solvedBy(d.db, userIds, problemIds) : [];

/** Name of a problem for record lists, deleted ones included. */
export const names = async (d: D, ids: number[]) =>
  ids.length ? repo.names(d.db, ids) : new Map<number, string>();

/**
 * Names of those of some ids that exist and are not deleted (a contest may list only those);
 * `publishedOnly`: not hidden either (a user's contest must not open a hidden problem).
 */
export const liveNames = async (d: D, ids: number[], opts: { publishedOnly?: boolean } = {}) =>
  ids.length ? repo.liveNames(d.db, ids, opts.publishedOnly ?? false) : new Map<number, string>();

/** Live problems' id, name, difficulty and author, in id order (class problem lists). */
export const briefs = async (d: D, ids: number[]) => (ids.length ? repo.briefs(d.db, ids) : []);

export const forIndex = async (d: D, ids: number[]) => (ids.length ? repo.forIndex(d.db, ids) : []);

function checkTags(ids: number[]): number[] {
  const unique = [...new Set(ids)];
  for (const id of unique)
    if (!algorithmTagIndex.byId(id)) throw badRequest(`标签 ${id} 不存在`, 'tags_list');
  return unique;
}

/** A problem's language list as stored: in the judge's order, once each; none or every one is null (all). */
function storedLanguages(list: Language[] | null): string | null {
  const chosen = LANGUAGES.filter((l) => list?.includes(l));
  return chosen.length === 0 || chosen.length === LANGUAGES.length ? null : JSON.stringify(chosen);
}

function columns(input: ProblemInput) {
  return {
    chinese_name: input.chinese_name,
    english_name: input.english_name,
    description: input.description,
    difficulty: input.difficulty,
    tags: JSON.stringify(checkTags(input.tags_list)),
    source_name: input.source_name,
    time_limit: input.time_limit,
    memory_limit: input.memory_limit,
    samples: JSON.stringify(input.samples),
    checker: JSON.stringify(input.checker),
    visible: input.visible ? 1 : 0,
    stop_at_first_failure: input.stop_at_first_failure === false ? 0 : 1,
    // Absent: the column's default on add, the stored choice on modify (a client that does not know
    // the setting must not undo an admin's choice).
    ...(input.test_visibility ? { test_visibility: input.test_visibility } : {}),
    ...(input.output_limit !== undefined ? { output_limit: input.output_limit } : {}),
    ...(input.judging ? { judging: storableJudging(input.judging) } : {}),
    ...(input.languages !== undefined ? { languages: storedLanguages(input.languages) } : {}),
  };
}

type Writes = Pick<ProblemsDeps, 'db' | 'outbox'>;

/**
 * `tests`: a stored test set written with the row (an import: the problem never exists without it).
 * `authorId`: the admin who creates it (sees every judged test's details, issue 22).
 */
export async function addProblem(
  d: Writes,
  input: ProblemInput,
  tests: StoredTest[] = [],
  authorId: number | null = null,
): Promise<number> {
  const id = input.problem_id ?? Math.max(FIRST_PROBLEM_ID, (await repo.maxId(d.db)) + 1);
  if (await repo.idUsed(d.db, id)) throw conflict(`题目编号 ${id} 已被使用`, 'problem_id');
  const now = nowIso();
  const cols = columns(input);
  // One transaction with its outbox row: the search index hears of every committed change.
  await repo.inTransaction(d.db, async (trx) => {
    await repo.insertProblem(trx, {
      id,
      ...cols,
      tests: JSON.stringify(tests),
      test_case_num: tests.length,
      author_id: authorId,
      submit_num: 0,
      accept_num: 0,
      is_delete: 0,
      create_time: now,
      update_time: now,
    });
    await repo.writeTags(trx, id, tagIds(cols));
    await d.outbox.add(trx, 'problem', id);
  });
  return id;
}

export async function modifyProblem(d: Writes, input: ProblemModifyInput): Promise<void> {
  if (!(await repo.liveRow(d.db, input.problem_id))) throw notFound(`题目 ${input.problem_id} 不存在`);
  const cols = columns(input);
  await repo.inTransaction(d.db, async (trx) => {
    await repo.updateProblem(trx, input.problem_id, { ...cols, update_time: nowIso() });
    await repo.writeTags(trx, input.problem_id, tagIds(cols));
    await d.outbox.add(trx, 'problem', input.problem_id);
  });
}

/**
 * Soft delete: submissions keep pointing at the problem (records stay readable with its name);
 * the bank, the daily pick and new submissions no longer see it.
 */
export async function removeProblem(d: Writes, id: number): Promise<void> {
  await repo.inTransaction(d.db, async (trx) => {
    if (!(await repo.markDeleted(trx, id, nowIso()))) throw notFound(`题目 ${id} 不存在`);
    await forgetProblem(trx, id);
    await d.outbox.add(trx, 'problem', id);
  });
}

export async function getProblem(d: D, viewer: Viewer, id: number): Promise<Problem> {
  const r = await visibleRow(d, viewer, id);
  const st = await statuses(d, viewer, [id]);
  const classProblem = r.visible !== 1 && Boolean(await d.classProblems?.isClassProblem(id));
  // The author of a class problem edits it with the admins' editor: it sees the checker's files too.
  const editor =
    can(viewer, { action: 'problem.manage' }) ||
    (classProblem && viewer.uuid > 0 && r.author_id === viewer.uuid);
  return { ...presentProblem(r, st.get(id) ?? 'none', { isAdmin: editor }), class_problem: classProblem };
}

/**
 * `keywordIds`: the problems the search index matches the keyword to (title, pinyin, tags and their
 * aliases, as the top search reads it); the id and the names' text are matched here as well.
 */
export async function searchBank(
  d: D,
  viewer: Viewer,
  q: AlgorithmQuery,
  keywordIds?: (keyword: string) => Promise<number[]>,
): Promise<BankPage> {
  const keyword = q.keyword?.trim() || undefined;
  const page = await repo.bankPage(
    d.db,
    {
      visibleOnly: !can(viewer, { action: 'problem.viewHidden' }),
      keyword,
      keywordIds: keyword && keywordIds ? await keywordIds(keyword) : [],
      difficulty: q.difficulty,
      sources: q.source_list,
      tags: [...new Set(q.tags_list)],
      status: q.status && viewer.uuid > 0 ? { userId: viewer.uuid, is: q.status } : undefined,
    },
    q,
    { by: q.sort ?? 'id', order: q.order ?? 'asc' },
  );
  const st = await statuses(
    d,
    viewer,
    page.records.map((r) => r.id),
  );
  return { ...page, records: page.records.map((r) => presentBankRow(r, st.get(r.id) ?? 'none')) };
}

export async function difficultySum(
  d: D,
  viewer: Viewer,
  difficulty: number | undefined,
): Promise<DifficultySum> {
  const counts = await repo.difficultyCounts(d.db, difficulty, viewer.uuid > 0 ? viewer.uuid : null);
  return { difficulty: difficulty ?? null, ...counts };
}

/**
 * The problems before and after one in bank order (ascending id), among those the viewer may
 * see: hidden problems (contests, math / 408) are skipped unless the viewer is an admin, so the
 * solving page's 上一题 / 下一题 never lead to a refusal or name a hidden problem.
 */
export async function neighbours(d: D, viewer: Viewer, id: number): Promise<ProblemNeighbours> {
  await visibleRow(d, viewer, id);
  const [prev, next] = await repo.neighbourRows(d.db, id, !can(viewer, { action: 'problem.viewHidden' }));
  const link = (r: { id: number; chinese_name: string } | undefined) =>
    r ? { problem_id: r.id, chinese_name: r.chinese_name } : null;
  return { prev: link(prev), next: link(next) };
}
