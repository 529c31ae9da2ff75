import type { Kysely } from 'kysely';

/**
 * Issue 16: a contest problem has a letter badge (`display_name`, A, B, … by position) and a
 * display title chosen by the contest's author; null = the problem's own title.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('competition_problems').addColumn('title', 'text').execute();
}
