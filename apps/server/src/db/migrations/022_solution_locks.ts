import { type Kysely, sql } from 'kysely';

/**
 * Issue 22, solution material (docs/competitions.md "Solution material during a contest"):
 * - `competitions.official`: made by an admin. While it runs, an official contest keeps its problems'
 *   solution material from everyone but admins; a user's contest only from its own participants.
 *   Stored at creation (not derived from the owner's role now), so promoting or demoting a user never
 *   changes what their past contests lock. Existing contests: official when their owner is an admin
 *   (or unknown).
 * - `search_docs.material_of`: a solution or Q&A post's problem, which a contest lock hides (the
 *   after-AC policy hides solutions only: `solution_of`). Existing posts are marked here; the index
 *   keeps it from then on.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('competitions')
    .addColumn('official', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update competitions set official = 1
    where owner_id is null or owner_id in (select id from users where role = 2)`.execute(db);
  await db.schema.alterTable('search_docs').addColumn('material_of', 'integer').execute();
  await sql`update search_docs set material_of = problem_id
    where kind = 'post' and doc_id in (select id from posts where category in ('solution', 'answer'))`.execute(db);
}
