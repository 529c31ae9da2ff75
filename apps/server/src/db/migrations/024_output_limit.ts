import type { Kysely } from 'kysely';

/**
 * Issue 24: per problem, the bytes a test's output may reach (the judge's file-size cap on what the
 * program writes; beyond it the verdict is OLE). Every existing problem keeps the cap it was judged
 * with until now, 64 MiB, written out here: a migration must not change when the code does.
 * (Letter case in comparisons is a property of the checker, stored in `problems.checker`.)
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('problems')
    .addColumn('output_limit', 'integer', (c) => c.notNull().defaultTo(64 * 1024 * 1024))
    .execute();
}
