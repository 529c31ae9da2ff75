import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';

/**
 * Issue 22: what solvers see of each judged test.
 *
 * - `problems.test_visibility`: `samples` (every existing problem, and the default: details of the
 *   statement's sample tests only), `all` or `verdict`.
 * - `problems.author_id`: the admin who created the problem (null for the existing ones: admins see
 *   everything anyway); the author sees every test's details like an admin.
 * - `submissions.tests_key`: sha256 of the problem's stored test list (`problems.tests`) the
 *   submission was judged against, so a record knows which of its tests are samples even after the
 *   tests change (null: not known, then only admins' and `all` problems' records show details).
 *
 * Records judged after their problem's last change were judged against the current tests: they get
 * the current key. Older ones stay unknown rather than being matched to tests they did not run.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('problems')
    .addColumn('test_visibility', 'varchar(16)', (c) => c.notNull().defaultTo('samples'))
    .execute();
  await db.schema.alterTable('problems').addColumn('author_id', 'integer').execute();
  await db.schema.alterTable('submissions').addColumn('tests_key', 'varchar(64)').execute();

  const problems = await sql<{ id: number; tests: string; update_time: string }>`
    select id, tests, update_time from problems`.execute(db);
  for (const p of problems.rows) {
    // Written out here (not imported): a migration must not change when the code does.
    const key = createHash('sha256').update(p.tests).digest('hex');
    await sql`
      update submissions set tests_key = ${key}
      where problem_id = ${p.id} and judge_time is not null and judge_time >= ${p.update_time}`.execute(db);
  }
}
