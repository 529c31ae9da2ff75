import type { Kysely } from 'kysely';

/**
 * Issue 27 part 2, owned by modules/classes: a homework lists bank problems and math / 408
 * questions in one order. `homework_problems.kind` says which bank `problem_id` names:
 * 'algorithm' (every row before this migration) or 'math408' (a question id).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('homework_problems')
    .addColumn('kind', 'varchar(10)', (c) => c.notNull().defaultTo('algorithm'))
    .execute();
}
