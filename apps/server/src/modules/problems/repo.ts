import type { Kysely } from 'kysely';
import { algorithmTagIndex, type MyStatus, type ProblemInput } from '@oj/shared';
import type { Database, ProblemRow } from '../../db/types';
import type { Viewer } from '../../lib/auth';
import { badRequest, notFound } from '../../lib/errors';
import { can } from '../../lib/permissions';
import type { Outbox } from '../../lib/outbox';
import type { TestDataStorage } from './testdata-storage';
import { idsAfter as idsAfterIn } from '../../db/ids-after';

/** The demo bank starts at 1000 (A+B), like most judges. */
export const FIRST_PROBLEM_ID = 1000;

/** What the problems' operations use: the database and the content-addressed test data. */
export interface ProblemsDeps {
  db: Kysely<Database>;
  storage: TestDataStorage;
  /** Bank writes record topic 'problem' (the search index follows it). */
  outbox: Pick<Outbox, 'add'>;
}
type Db = Pick<ProblemsDeps, 'db'>;

export const live = (p: Db) => p.db.selectFrom('problems').where('is_delete', '=', 0);

export const row = (p: Db, id: number): Promise<ProblemRow | undefined> =>
  live(p).selectAll().where('id', '=', id).executeTakeFirst();

/** A problem deleted or not (a record of a deleted problem still shows its tests as its setting says). */
export const anyRow = (p: Db, id: number): Promise<ProblemRow | undefined> =>
  p.db.selectFrom('problems').selectAll().where('id', '=', id).executeTakeFirst();

/** True when the id was ever used (deleted problems included): ids are never reused. */
export const exists = async (p: Db, id: number) =>
  Boolean(await p.db.selectFrom('problems').select('id').where('id', '=', id).executeTakeFirst());

/** A problem the viewer may see; hidden ones exist only for admins. */
export async function visibleRow(p: Db, viewer: Viewer, id: number): Promise<ProblemRow> {
  const r = await row(p, id);
  if (!r || (r.visible !== 1 && !can(viewer, { action: 'problem.viewHidden' }))) {
    throw notFound(`题目 ${id} 不存在`);
  }
  return r;
}

/**
 * The ids of hidden problems, as a subquery for another module's statement (the record lists
 * leave their records out in the same query, however many hidden problems exist).
 */
export const hiddenIds = (p: Db) => p.db.selectFrom('problems').select('id').where('visible', '=', 0);

export async function statuses(p: Db, viewer: Viewer, ids: number[]): Promise<Map<number, MyStatus>> {
  const out = new Map<number, MyStatus>();
  if (viewer.uuid < 0 || !ids.length) return out;
  const rows = await p.db
    .selectFrom('user_problem_status')
    .select(['problem_id', 'solved'])
    .where('user_id', '=', viewer.uuid)
    .where('problem_id', 'in', ids)
    .execute();
  for (const r of rows) out.set(r.problem_id, r.solved ? 'solved' : 'tried');
  return out;
}

/** Which of some users solved which of some problems (study plans' progress and course ranks). */
export async function solvedBy(
  p: Db,
  userIds: number[],
  problemIds: number[],
): Promise<{ user_id: number; problem_id: number }[]> {
  if (!userIds.length || !problemIds.length) return [];
  return p.db
    .selectFrom('user_problem_status')
    .select(['user_id', 'problem_id'])
    .where('solved', '=', 1)
    .where('user_id', 'in', userIds)
    .where('problem_id', 'in', problemIds)
    .execute();
}

/** Name of a problem for record lists, deleted ones included. */
export async function names(p: Db, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await p.db
    .selectFrom('problems')
    .select(['id', 'chinese_name'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, r.chinese_name]));
}

/**
 * Names of those of some ids that exist and are not deleted (a contest may list only those);
 * `publishedOnly`: not hidden either (a user's contest must not open a hidden problem).
 */
export async function liveNames(
  p: Db,
  ids: number[],
  opts: { publishedOnly?: boolean } = {},
): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  let q = live(p).select(['id', 'chinese_name']).where('id', 'in', ids);
  if (opts.publishedOnly) q = q.where('visible', '=', 1);
  const rows = await q.execute();
  return new Map(rows.map((r) => [r.id, r.chinese_name]));
}

export async function writeTags(p: Db, problemId: number, ids: number[]): Promise<void> {
  await p.db.deleteFrom('problem_tags').where('problem_id', '=', problemId).execute();
  if (ids.length)
    await p.db
      .insertInto('problem_tags')
      .values(ids.map((tag_id) => ({ problem_id: problemId, tag_id })))
      .execute();
}

function checkTags(ids: number[]): number[] {
  const unique = [...new Set(ids)];
  for (const id of unique)
    if (!algorithmTagIndex.byId(id)) throw badRequest(`标签 ${id} 不存在`, 'tags_list');
  return unique;
}

export function columns(input: ProblemInput) {
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
  };
}

export async function nextId(p: Db): Promise<number> {
  const max = await p.db
    .selectFrom('problems')
    .select((eb) => eb.fn.max('id').as('m'))
    .executeTakeFirst();
  return Math.max(FIRST_PROBLEM_ID, Number(max?.m ?? 0) + 1);
}

/** Counters shown in the bank, recomputed by the submissions service after each verdict. */
export async function setStats(p: Db, problemId: number, submit: number, accept: number): Promise<void> {
  await p.db
    .updateTable('problems')
    .set({ submit_num: submit, accept_num: accept })
    .where('id', '=', problemId)
    .execute();
}

/** The user's status on a problem (null = no submission any more, e.g. after a data reset). */
export async function setUserStatus(
  p: Db,
  userId: number,
  problemId: number,
  solved: boolean | null,
): Promise<void> {
  if (solved === null) {
    await p.db
      .deleteFrom('user_problem_status')
      .where('user_id', '=', userId)
      .where('problem_id', '=', problemId)
      .execute();
    return;
  }
  const v = solved ? 1 : 0;
  await p.db
    .insertInto('user_problem_status')
    .values({ user_id: userId, problem_id: problemId, solved: v })
    .onConflict((oc) => oc.columns(['user_id', 'problem_id']).doUpdateSet({ solved: v }))
    .execute();
}

/** Live problems (hidden ones too) by id, for the search index (search decides who sees them). */
export async function forIndex(p: Db, ids: number[]): Promise<ProblemRow[]> {
  if (!ids.length) return [];
  return live(p).selectAll().where('id', 'in', ids).execute();
}

/** Problem ids (deleted ones too) after `after`, in order: the search rebuild's batches. */
export function idsAfter(p: Db, after: number, limit: number): Promise<number[]> {
  return idsAfterIn(p.db, 'problems', after, limit);
}
