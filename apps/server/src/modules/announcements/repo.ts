import type { Insertable, Kysely, Updateable } from 'kysely';
import type { PageQuery } from '@oj/shared';
import type { AnnouncementsTable, SiteAnnouncementRow } from './tables';
import type { Database } from '../../db/types';
import { paginateQuery } from '../../lib/pagination';

/** Rows of the announcements table; only this module touches it. */
export function createAnnouncementsRepo(db: Kysely<Database>) {
  /** What a reader may see at `now`: published and not expired. */
  const visible = (now: string) =>
    db
      .selectFrom('announcements')
      .where('published', '=', 1)
      .where((eb) => eb.or([eb('expire_time', 'is', null), eb('expire_time', '>', now)]));
  return {
    async insert(row: Insertable<AnnouncementsTable>): Promise<number> {
      const r = await db.insertInto('announcements').values(row).returning('id').executeTakeFirstOrThrow();
      return r.id;
    },
    async update(id: number, set: Updateable<AnnouncementsTable>): Promise<number> {
      const r = await db.updateTable('announcements').set(set).where('id', '=', id).executeTakeFirst();
      return Number(r.numUpdatedRows);
    },
    async remove(id: number): Promise<number> {
      const r = await db.deleteFrom('announcements').where('id', '=', id).executeTakeFirst();
      return Number(r.numDeletedRows);
    },
    byId: (id: number): Promise<SiteAnnouncementRow | undefined> =>
      db.selectFrom('announcements').selectAll().where('id', '=', id).executeTakeFirst(),
    visibleById: (id: number, now: string): Promise<SiteAnnouncementRow | undefined> =>
      visible(now).selectAll().where('id', '=', id).executeTakeFirst(),
    /** Pinned first, newest first. */
    visiblePage: (page: PageQuery, now: string) =>
      paginateQuery(
        page,
        () => visible(now),
        (q) => q.selectAll().orderBy('pinned', 'desc').orderBy('id', 'desc'),
      ),
    /** The newest pinned one a reader may see (the bar). */
    newestPinned: (now: string): Promise<SiteAnnouncementRow | undefined> =>
      visible(now).selectAll().where('pinned', '=', 1).orderBy('id', 'desc').limit(1).executeTakeFirst(),
    /** Every announcement, drafts and expired ones included (admins): newest first. */
    allPage: (page: PageQuery) =>
      paginateQuery(
        page,
        () => db.selectFrom('announcements'),
        (q) => q.selectAll().orderBy('id', 'desc'),
      ),
  };
}
export type AnnouncementsRepo = ReturnType<typeof createAnnouncementsRepo>;
