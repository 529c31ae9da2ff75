import type { Kysely } from 'kysely';

/**
 * Issue 17: per problem, whether judging stops at the first failed test (the default, faster
 * verdicts, ICPC style) or runs every test (per-test scores). 1 = stop.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('problems')
    .addColumn('stop_at_first_failure', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}
