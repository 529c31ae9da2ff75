import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from '../migrate';

/** The engine's rating of a user without a rated contest (written out: a migration must not change). */
const NEW_USER_RATING = 1400;

/**
 * Unrated users get the rating the engine counts them at. 001 gave every user 1500 while the rating
 * engine counts a user without an applied rated contest as 1400, so a new user's card showed 1500.
 * Users with an applied rated contest keep their rating whatever it is; everyone else had only the
 * default (or 1400 after a rollback), so nothing real is lost. Then the column default becomes 1400.
 */
export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  await sql`
    update users set rating = ${NEW_USER_RATING}
    where not exists (
      select 1 from competition_participants p
      where p.user_id = users.id and p.rating_change is not null
    )`.execute(db);
  if (dialect === 'postgres') {
    await sql`alter table users alter column rating set default ${sql.lit(NEW_USER_RATING)}`.execute(db);
    return;
  }
  await rebuildSqliteUsers(db);
}

/**
 * SQLite cannot change a column default in place (and the driver's defensive mode forbids editing
 * sqlite_schema), so the table is rebuilt as SQLite's ALTER TABLE page describes: foreign keys off
 * (they cannot be switched inside a transaction; Kysely runs SQLite migrations outside one), a copy
 * from the stored CREATE statement with the new default, so columns added by any migration stay,
 * the rows and indexes carried over, then a foreign key check before they are switched back on.
 */
async function rebuildSqliteUsers(db: Kysely<unknown>): Promise<void> {
  const stored = await sql<{ type: string; name: string; sql: string | null }>`
    select type, name, sql from sqlite_master where tbl_name = 'users'`.execute(db);
  const table = stored.rows.find((r) => r.type === 'table');
  if (!table?.sql) throw new Error('005_unrated_users: no users table');
  const ratingDefault = /("rating"\s+integer\s+default\s+)1500/i;
  if (!ratingDefault.test(table.sql)) return; // already 1400 (a database made after this change)
  const create = table.sql
    .replace(ratingDefault, `$1${NEW_USER_RATING}`)
    .replace(/^create table\s+"?users"?/i, 'create table "users_new"');
  const indexes = stored.rows.filter((r) => r.type === 'index' && r.sql).map((r) => r.sql!);

  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin`.execute(db);
    try {
      await sql.raw(create).execute(db);
      await sql`insert into users_new select * from users`.execute(db);
      await sql`drop table users`.execute(db);
      await sql`alter table users_new rename to users`.execute(db);
      for (const index of indexes) await sql.raw(index).execute(db);
      const broken = await sql<{ parent: string }>`pragma foreign_key_check`.execute(db);
      if (broken.rows.some((r) => r.parent === 'users'))
        throw new Error('005_unrated_users: a row refers to a missing user');
      await sql`commit`.execute(db);
    } catch (e) {
      await sql`rollback`.execute(db);
      throw e;
    }
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
