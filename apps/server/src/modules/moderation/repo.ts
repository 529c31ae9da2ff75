import type { Insertable, Kysely } from 'kysely';
import type { PageQuery, ReportStatus } from '@oj/shared';
import { paginateQuery } from '../../lib/pagination';
import type { ModerationTables, MutesTable, ReportsTable } from './tables';

/** Rows of the reports and mutes tables; only this module touches them, through these functions. */
type Db = Kysely<ModerationTables>;

export async function insertReport(db: Db, row: Insertable<ReportsTable>): Promise<number> {
  const r = await db.insertInto('reports').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export const openReportOf = (db: Db, reporterId: number, kind: string, targetId: number) =>
  db
    .selectFrom('reports')
    .select('id')
    .where('reporter_id', '=', reporterId)
    .where('target_kind', '=', kind)
    .where('target_id', '=', targetId)
    .where('status', '=', 'open')
    .executeTakeFirst();

export const reportById = (db: Db, id: number) =>
  db.selectFrom('reports').selectAll().where('id', '=', id).executeTakeFirst();

/** Reports (of one status, or all), newest first. */
export const reportsPage = (db: Db, page: PageQuery, status: ReportStatus | undefined) =>
  paginateQuery(
    page,
    () => (status ? db.selectFrom('reports').where('status', '=', status) : db.selectFrom('reports')),
    (q) => q.selectAll().orderBy('id', 'desc'),
  );

/**
 * Closes open reports (`id`, or every open one of the same target when `sameTarget`); answers
 * how many it closed, so two admins handling one report at once cannot both act.
 */
export async function closeReports(
  db: Db,
  report: { id: number; target_kind: string; target_id: number },
  set: { status: ReportStatus; action: string; handled_by: number; handle_time: string },
  sameTarget: boolean,
): Promise<number> {
  let q = db.updateTable('reports').set(set).where('status', '=', 'open');
  q = sameTarget
    ? q.where('target_kind', '=', report.target_kind).where('target_id', '=', report.target_id)
    : q.where('id', '=', report.id);
  return Number((await q.executeTakeFirst()).numUpdatedRows);
}

/** Opens again the reports closed by a handling whose action then failed. */
export async function reopenReports(
  db: Db,
  ids: { target_kind: string; target_id: number },
  handleTime: string,
): Promise<void> {
  await db
    .updateTable('reports')
    .set({ status: 'open', action: null, handled_by: null, handle_time: null })
    .where('target_kind', '=', ids.target_kind)
    .where('target_id', '=', ids.target_id)
    .where('handle_time', '=', handleTime)
    .execute();
}

/** Mutes a user; muting again replaces the previous term. */
export async function upsertMute(db: Db, row: Insertable<MutesTable>): Promise<void> {
  await db
    .insertInto('mutes')
    .values(row)
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        until: row.until,
        reason: row.reason,
        by_id: row.by_id,
        create_time: row.create_time,
      }),
    )
    .execute();
}

export async function deleteMute(db: Db, userId: number): Promise<number> {
  const r = await db.deleteFrom('mutes').where('user_id', '=', userId).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** The user's mute if it is still in force at `now`. */
export const activeMute = (db: Db, userId: number, now: string) =>
  db
    .selectFrom('mutes')
    .selectAll()
    .where('user_id', '=', userId)
    .where('until', '>', now)
    .executeTakeFirst();

/** The mutes in force at `now`, newest first. */
export const activeMutes = (db: Db, page: PageQuery, now: string) =>
  paginateQuery(
    page,
    () => db.selectFrom('mutes').where('until', '>', now),
    (q) => q.selectAll().orderBy('create_time', 'desc').orderBy('user_id', 'desc'),
  );
