import type { Kysely } from 'kysely';

/**
 * Issue 29, owned by modules/users: 隐藏算法标签, a signed-in user's choice to hide the algorithm
 * tags on the bank and the problem page (tags spoil the method). 0/1, off by default.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('hide_tags', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
