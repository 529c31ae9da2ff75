import type { Insertable, Kysely, Updateable } from 'kysely';
import type { PageQuery } from '@oj/shared';
import { paginateQuery } from '../../lib/pagination';
import type { AnnouncementsTable, AnnouncementsTables, SiteAnnouncementRow } from './tables';

/** The announcements table: only this module touches it, through these functions. */
type Db = Kysely<AnnouncementsTables>;

/** What a reader may see at `now`: published and not expired. */
const visible = (db: Db, now: string) =>
  db
    .selectFrom('announcements')
    .where('published', '=', 1)
    .where((eb) => eb.or([eb('expire_time', 'is', null), eb('expire_time', '>', now)]));

export async function insertAnnouncement(db: Db, row: Insertable<AnnouncementsTable>): Promise<number> {
  const r = await db.insertInto('announcements').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

/** Answers how many rows changed (0: no such announcement). */
export async function updateAnnouncement(
  db: Db,
  id: number,
  set: Updateable<AnnouncementsTable>,
): Promise<number> {
  const r = await db.updateTable('announcements').set(set).where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function deleteAnnouncement(db: Db, id: number): Promise<number> {
  const r = await db.deleteFrom('announcements').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows);
}

export const announcementById = (db: Db, id: number): Promise<SiteAnnouncementRow | undefined> =>
  db.selectFrom('announcements').selectAll().where('id', '=', id).executeTakeFirst();

export const visibleById = (db: Db, id: number, now: string): Promise<SiteAnnouncementRow | undefined> =>
  visible(db, now).selectAll().where('id', '=', id).executeTakeFirst();

/** Pinned first, newest first. */
export const visiblePage = (db: Db, page: PageQuery, now: string) =>
  paginateQuery(
    page,
    () => visible(db, now),
    (q) => q.selectAll().orderBy('pinned', 'desc').orderBy('id', 'desc'),
  );

/** The newest pinned one a reader may see (the bar). */
export const newestPinned = (db: Db, now: string): Promise<SiteAnnouncementRow | undefined> =>
  visible(db, now).selectAll().where('pinned', '=', 1).orderBy('id', 'desc').limit(1).executeTakeFirst();

/** Every announcement, drafts and expired ones included (admins): newest first. */
export const allPage = (db: Db, page: PageQuery) =>
  paginateQuery(
    page,
    () => db.selectFrom('announcements'),
    (q) => q.selectAll().orderBy('id', 'desc'),
  );
