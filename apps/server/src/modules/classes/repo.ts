import type { Kysely } from 'kysely';
import type { ClassesTables, ClassMemberRow, ClassRow } from './tables';

/**
 * Every statement on the classes' tables (classes, class_members, class_join_requests,
 * class_announcements), each taking the module's handle (or a transaction of it) first.
 */
export type Db = Kysely<ClassesTables>;

/** Several repo calls in one transaction: `fn` gets the transaction as its handle. */
export const inTransaction = <T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> =>
  db.transaction().execute(fn);

export async function insertClass(
  db: Db,
  row: Pick<
    ClassRow,
    'name' | 'description' | 'school' | 'term' | 'teacher_id' | 'join_mode' | 'invite_code'
  > & {
    now: string;
  },
): Promise<number> {
  const { now, ...values } = row;
  const r = await db
    .insertInto('classes')
    .values({ ...values, archived: 0, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

export const classById = (db: Db, id: number): Promise<ClassRow | undefined> =>
  db.selectFrom('classes').selectAll().where('id', '=', id).executeTakeFirst();

export const classByCode = (db: Db, code: string): Promise<ClassRow | undefined> =>
  db.selectFrom('classes').selectAll().where('invite_code', '=', code).executeTakeFirst();

export async function updateClass(
  db: Db,
  id: number,
  patch: Partial<
    Pick<ClassRow, 'name' | 'description' | 'school' | 'term' | 'join_mode' | 'invite_code' | 'archived'>
  >,
  now: string,
): Promise<void> {
  await db
    .updateTable('classes')
    .set({ ...patch, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** The class and everything in it, in the caller's transaction. */
export async function deleteClass(trx: Db, id: number): Promise<void> {
  await trx.deleteFrom('class_announcements').where('class_id', '=', id).execute();
  await trx.deleteFrom('class_join_requests').where('class_id', '=', id).execute();
  await trx.deleteFrom('class_members').where('class_id', '=', id).execute();
  await trx.deleteFrom('homework_classes').where('class_id', '=', id).execute();
  // Its class problems stay hidden bank problems (administrators still see them), in no class.
  await trx.deleteFrom('class_problems').where('class_id', '=', id).execute();
  await trx.deleteFrom('classes').where('id', '=', id).execute();
}

/** Every class, newest first (the management site's list). */
export const allClasses = (db: Db): Promise<ClassRow[]> =>
  db.selectFrom('classes').selectAll().orderBy('id', 'desc').execute();

/** The classes `userId` is a member of, with the role, newest first. */
export const classesOf = (db: Db, userId: number) =>
  db
    .selectFrom('classes')
    .innerJoin('class_members', 'class_members.class_id', 'classes.id')
    .selectAll('classes')
    .select('class_members.role as my_role')
    .where('class_members.user_id', '=', userId)
    .orderBy('classes.id', 'desc')
    .execute();

// ---------------------------------------------------------------- members

export async function memberRole(db: Db, classId: number, userId: number): Promise<string | undefined> {
  const r = await db
    .selectFrom('class_members')
    .select('role')
    .where('class_id', '=', classId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return r?.role;
}

export const members = (db: Db, classId: number): Promise<ClassMemberRow[]> =>
  db
    .selectFrom('class_members')
    .selectAll()
    .where('class_id', '=', classId)
    .orderBy('joined_at')
    .orderBy('user_id')
    .execute();

/** Members per class, one grouped count. */
export async function memberCounts(db: Db, classIds: number[]): Promise<Map<number, number>> {
  if (!classIds.length) return new Map();
  const rows = await db
    .selectFrom('class_members')
    .select(['class_id', (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('class_id', 'in', classIds)
    .groupBy('class_id')
    .execute();
  return new Map(rows.map((r) => [r.class_id, Number(r.n)]));
}

/** Adds a member (nothing when already one). */
export async function addMember(
  db: Db,
  classId: number,
  userId: number,
  role: string,
  now: string,
): Promise<void> {
  await db
    .insertInto('class_members')
    .values({ class_id: classId, user_id: userId, role, joined_at: now })
    .onConflict((oc) => oc.columns(['class_id', 'user_id']).doNothing())
    .execute();
}

export async function setMemberRole(db: Db, classId: number, userId: number, role: string): Promise<void> {
  await db
    .updateTable('class_members')
    .set({ role })
    .where('class_id', '=', classId)
    .where('user_id', '=', userId)
    .execute();
}

export async function removeMember(db: Db, classId: number, userId: number): Promise<void> {
  await db
    .deleteFrom('class_members')
    .where('class_id', '=', classId)
    .where('user_id', '=', userId)
    .execute();
}

// ---------------------------------------------------------------- join requests

/** Files (or files again, after a rejection) a pending request. */
export async function fileRequest(db: Db, classId: number, userId: number, now: string): Promise<void> {
  await db
    .insertInto('class_join_requests')
    .values({
      class_id: classId,
      user_id: userId,
      state: 'pending',
      created_at: now,
      decided_by: null,
      decided_at: null,
    })
    .onConflict((oc) =>
      oc
        .columns(['class_id', 'user_id'])
        .doUpdateSet({ state: 'pending', created_at: now, decided_by: null, decided_at: null }),
    )
    .execute();
}

export const pendingRequests = (db: Db, classId: number) =>
  db
    .selectFrom('class_join_requests')
    .select(['user_id', 'created_at'])
    .where('class_id', '=', classId)
    .where('state', '=', 'pending')
    .orderBy('created_at')
    .execute();

/** Decides a pending request; false when there was none (already decided, or never filed). */
export async function decideRequest(
  db: Db,
  classId: number,
  userId: number,
  state: 'approved' | 'rejected',
  by: number,
  now: string,
): Promise<boolean> {
  const r = await db
    .updateTable('class_join_requests')
    .set({ state, decided_by: by, decided_at: now })
    .where('class_id', '=', classId)
    .where('user_id', '=', userId)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

// ---------------------------------------------------------------- announcements

export const announcements = (db: Db, classId: number) =>
  db
    .selectFrom('class_announcements')
    .selectAll()
    .where('class_id', '=', classId)
    .orderBy('id', 'desc')
    .limit(100)
    .execute();

export async function addAnnouncement(
  db: Db,
  row: { class_id: number; author_id: number; content: string; created_at: string },
): Promise<number> {
  const r = await db.insertInto('class_announcements').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export async function deleteAnnouncement(db: Db, classId: number, id: number): Promise<boolean> {
  const r = await db
    .deleteFrom('class_announcements')
    .where('class_id', '=', classId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** Names of those of some classes that exist. */
export async function classNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('classes').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The classes a user teaches or assists in (teacher / TA). */
export async function managedClassIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('class_members')
    .select('class_id')
    .where('user_id', '=', userId)
    .where('role', 'in', ['teacher', 'ta'])
    .execute();
  return rows.map((r) => r.class_id);
}

/** Whether a user is a member (any role) of one of some classes. */
export async function memberOfAny(db: Db, userId: number, classIds: number[]): Promise<boolean> {
  const row = await db
    .selectFrom('class_members')
    .select('class_id')
    .where('user_id', '=', userId)
    .where('class_id', 'in', classIds)
    .executeTakeFirst();
  return row !== undefined;
}
