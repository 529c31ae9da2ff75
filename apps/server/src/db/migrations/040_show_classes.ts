import type { Kysely } from 'kysely';

/**
 * Issue 29, owned by modules/users: 在个人主页展示我的班级, a user's choice to show the names of the
 * classes they are in on their card's 练习情况 (docs/users.md). 0/1, off by default: a class can
 * say where someone studies.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('show_classes', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
