import type { Insertable, Kysely } from 'kysely';
import type { PageQuery, ReportStatus } from '@oj/shared';
import type { Database, MutesTable, ReportsTable } from '../../db/types';
import { paginateQuery } from '../../lib/pagination';

/** Rows of the reports and mutes tables; only this module touches them. */
export function createModerationRepo(db: Kysely<Database>) {
  return {
    async insertReport(row: Insertable<ReportsTable>): Promise<number> {
      const r = await db.insertInto('reports').values(row).returning('id').executeTakeFirstOrThrow();
      return r.id;
    },
    openReportOf: (reporterId: number, kind: string, targetId: number) =>
      db
        .selectFrom('reports')
        .select('id')
        .where('reporter_id', '=', reporterId)
        .where('target_kind', '=', kind)
        .where('target_id', '=', targetId)
        .where('status', '=', 'open')
        .executeTakeFirst(),
    report: (id: number) => db.selectFrom('reports').selectAll().where('id', '=', id).executeTakeFirst(),
    reports: (page: PageQuery, status: ReportStatus | undefined) =>
      paginateQuery(
        page,
        () => (status ? db.selectFrom('reports').where('status', '=', status) : db.selectFrom('reports')),
        (q) => q.selectAll().orderBy('id', 'desc'),
      ),
    /**
     * Closes open reports (`id`, or every open one of the same target when `sameTarget`); answers
     * how many it closed, so two admins handling one report at once cannot both act.
     */
    async close(
      report: { id: number; target_kind: string; target_id: number },
      set: { status: ReportStatus; action: string; handled_by: number; handle_time: string },
      sameTarget: boolean,
    ): Promise<number> {
      let q = db.updateTable('reports').set(set).where('status', '=', 'open');
      q = sameTarget
        ? q.where('target_kind', '=', report.target_kind).where('target_id', '=', report.target_id)
        : q.where('id', '=', report.id);
      return Number((await q.executeTakeFirst()).numUpdatedRows);
    },
    /** Opens again the reports closed by a handling whose action then failed. */
    async reopen(ids: { target_kind: string; target_id: number }, handleTime: string): Promise<void> {
      await db
        .updateTable('reports')
        .set({ status: 'open', action: null, handled_by: null, handle_time: null })
        .where('target_kind', '=', ids.target_kind)
        .where('target_id', '=', ids.target_id)
        .where('handle_time', '=', handleTime)
        .execute();
    },

    async upsertMute(row: Insertable<MutesTable>): Promise<void> {
      await db
        .insertInto('mutes')
        .values(row)
        .onConflict((oc) =>
          oc
            .column('user_id')
            .doUpdateSet({
              until: row.until,
              reason: row.reason,
              by_id: row.by_id,
              create_time: row.create_time,
            }),
        )
        .execute();
    },
    async deleteMute(userId: number): Promise<number> {
      return Number(
        (await db.deleteFrom('mutes').where('user_id', '=', userId).executeTakeFirst()).numDeletedRows,
      );
    },
    activeMute: (userId: number, now: string) =>
      db
        .selectFrom('mutes')
        .selectAll()
        .where('user_id', '=', userId)
        .where('until', '>', now)
        .executeTakeFirst(),
    activeMutes: (page: PageQuery, now: string) =>
      paginateQuery(
        page,
        () => db.selectFrom('mutes').where('until', '>', now),
        (q) => q.selectAll().orderBy('create_time', 'desc').orderBy('user_id', 'desc'),
      ),
  };
}
export type ModerationRepo = ReturnType<typeof createModerationRepo>;
