import { type Insertable, type Kysely, sql } from 'kysely';
import type { ClarificationsTables, ContestAnnouncementsTable, ContestClarificationsTable } from './tables';

/**
 * The clarification tables (contest_clarifications, contest_announcements,
 * contest_clarification_reads): only this module touches them, through these functions, each
 * taking the module's handle first.
 */
export type Db = Kysely<ClarificationsTables>;

export const clarificationById = (db: Db, id: number) =>
  db.selectFrom('contest_clarifications').selectAll().where('id', '=', id).executeTakeFirst();

export const announcementsOf = (db: Db, contestId: number) =>
  db
    .selectFrom('contest_announcements')
    .selectAll()
    .where('competition_id', '=', contestId)
    .orderBy('id', 'desc')
    .execute();

/** The clarifications a viewer may read: all for a manager, else the public ones and their own. */
export function clarificationsFor(db: Db, contestId: number, viewer: { uuid: number; manager: boolean }) {
  let q = db.selectFrom('contest_clarifications').selectAll().where('competition_id', '=', contestId);
  if (!viewer.manager) q = q.where((eb) => eb.or([eb('is_public', '=', 1), eb('user_id', '=', viewer.uuid)]));
  return q.orderBy('id', 'desc').execute();
}

export async function readTime(db: Db, contestId: number, userId: number): Promise<string> {
  const row = await db
    .selectFrom('contest_clarification_reads')
    .select('read_time')
    .where('competition_id', '=', contestId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.read_time ?? '';
}

export async function markRead(db: Db, contestId: number, userId: number, now: string): Promise<void> {
  await db
    .insertInto('contest_clarification_reads')
    .values({ competition_id: contestId, user_id: userId, read_time: now })
    .onConflict((oc) => oc.columns(['competition_id', 'user_id']).doUpdateSet({ read_time: now }))
    .execute();
}

/**
 * Unread for a participant: announcements and answers they may read, newer than their last visit
 * (an answer counts from when it was given). For a manager: the questions still open.
 */
export async function unreadCount(db: Db, contestId: number, viewer: { uuid: number; manager: boolean }): Promise<number> {
  if (viewer.manager) {
    const row = await db
      .selectFrom('contest_clarifications')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('competition_id', '=', contestId)
      .where('answer', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
  const since = await readTime(db, contestId, viewer.uuid);
  const [a, c] = await Promise.all([
    db
      .selectFrom('contest_announcements')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('competition_id', '=', contestId)
      .where('create_time', '>', since)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('contest_clarifications')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('competition_id', '=', contestId)
      .where('answer_time', '>', since)
      .where((eb) => eb.or([eb('is_public', '=', 1), eb('user_id', '=', viewer.uuid)]))
      .executeTakeFirstOrThrow(),
  ]);
  return Number(a.n) + Number(c.n);
}

export async function openQuestionsOf(db: Db, contestId: number, userId: number): Promise<number> {
  const row = await db
    .selectFrom('contest_clarifications')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('competition_id', '=', contestId)
    .where('user_id', '=', userId)
    .where('answer', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Per contest: clarifications in all and still open (the management site's list). */
export const contestsWithClarifications = (db: Db) =>
  db
    .selectFrom('contest_clarifications')
    .select((eb) => [
      'competition_id',
      eb.fn.countAll().as('total'),
      eb.fn.sum<number>(sql`case when answer is null then 1 else 0 end`).as('open'),
    ])
    .groupBy('competition_id')
    .orderBy('competition_id', 'desc')
    .limit(200)
    .execute();

export async function insertClarification(db: Db, row: Insertable<ContestClarificationsTable>): Promise<number> {
  const r = await db.insertInto('contest_clarifications').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export async function answerClarification(
  db: Db,
  id: number,
  set: { answer: string; answerer_id: number; is_public: number; answer_time: string },
): Promise<void> {
  await db.updateTable('contest_clarifications').set(set).where('id', '=', id).execute();
}

export async function insertAnnouncement(db: Db, row: Insertable<ContestAnnouncementsTable>): Promise<number> {
  const r = await db.insertInto('contest_announcements').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export const announcementById = (db: Db, id: number) =>
  db.selectFrom('contest_announcements').selectAll().where('id', '=', id).executeTakeFirst();

export async function deleteAnnouncement(db: Db, id: number): Promise<void> {
  await db.deleteFrom('contest_announcements').where('id', '=', id).execute();
}
