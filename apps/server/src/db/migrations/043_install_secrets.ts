import type { Kysely } from 'kysely';

/**
 * Issue 30, owned by modules/keys: the install's shared secrets in the database instead of each
 * node's `<dataDir>/keys` (a page that took node A's public key could not log in through node B).
 * An install that has the files keeps its keys: the first start after this migration stores them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('install_secrets')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('create_time', 'varchar(32)', (c) => c.notNull())
    .execute();
}
