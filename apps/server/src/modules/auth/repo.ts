import type { Kysely } from 'kysely';
import type { AuthTables } from './tables';

/**
 * The auth tables (sessions when kept in the database, email_codes): only this module touches
 * them, through these functions, each taking the module's handle first.
 */
export type Db = Kysely<AuthTables>;

export async function insertSession(
  db: Db,
  row: {
    id: string;
    user_id: number;
    created_at: string;
    expires_at: string;
    ip: string;
    user_agent: string;
  },
): Promise<void> {
  await db.insertInto('sessions').values(row).execute();
}

export const sessionById = (db: Db, id: string) =>
  db.selectFrom('sessions').select(['user_id', 'expires_at']).where('id', '=', id).executeTakeFirst();

export async function extendSession(db: Db, id: string, expiresAt: string): Promise<void> {
  await db.updateTable('sessions').set({ expires_at: expiresAt }).where('id', '=', id).execute();
}

export async function deleteSession(db: Db, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

/** Every session of a user, but `exceptId` when given. */
export async function deleteSessionsOf(db: Db, userId: number, exceptId?: string | null): Promise<void> {
  let q = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (exceptId) q = q.where('id', '!=', exceptId);
  await q.execute();
}

export async function deleteExpiredSessions(db: Db, now: string): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<', now).execute();
}

/** The unused codes of an address are marked used (a new code replaces them). */
export async function retireCodes(db: Db, email: string, now: string): Promise<void> {
  await db
    .updateTable('email_codes')
    .set({ used_at: now })
    .where('email', '=', email)
    .where('used_at', 'is', null)
    .execute();
}

export async function insertCode(
  db: Db,
  row: { email: string; code_hash: string; created_at: string; expires_at: string },
): Promise<void> {
  await db
    .insertInto('email_codes')
    .values({ ...row, used_at: null, attempts: 0 })
    .execute();
}

/** The newest unused, unexpired code of an address. */
export const liveCode = (db: Db, email: string, now: string) =>
  db
    .selectFrom('email_codes')
    .selectAll()
    .where('email', '=', email)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('id', 'desc')
    .executeTakeFirst();

export async function setCodeAttempts(db: Db, id: number, attempts: number): Promise<void> {
  await db.updateTable('email_codes').set({ attempts }).where('id', '=', id).execute();
}

/**
 * Marks a code used, conditionally: of two concurrent uses of the same code only one changes the
 * row. True for that one.
 */
export async function useCode(db: Db, id: number, now: string): Promise<boolean> {
  const res = await db
    .updateTable('email_codes')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
