import type { Kysely } from 'kysely';

/**
 * Issue 26 part 1: each contest's rule (`icpc`, `oi`, `ioi`, `ioi-subtask`; packages/shared
 * ranking.ts). Every existing contest was ranked by ICPC rules, so that is the default.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('competitions')
    .addColumn('rule', 'varchar(16)', (c) => c.notNull().defaultTo('icpc'))
    .execute();
}
