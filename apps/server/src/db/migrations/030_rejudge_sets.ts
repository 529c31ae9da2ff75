import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from '../migrate';

/**
 * Issue 26 part 4, rejudge sets (modules/rejudge): a set of one contest's submissions judged again
 * beside their stored verdicts (`rejudge_sets`: its scope, who made it and why, its state
 * judging → ready → applied | cancelled), and one run per submission (`rejudge_runs`: the verdict
 * as stored when the set was made, and the new one with its whole judge result, kept until the set
 * is applied). Nothing here is read by the records, counts or rankings until a set is applied.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('rejudge_sets')
    .addColumn('id', ctx.id, (c) => c.primaryKey())
    .addColumn('competition_id', 'integer', (c) => c.notNull())
    .addColumn('scope', 'varchar(12)', (c) => c.notNull())
    .addColumn('problem_id', 'integer')
    .addColumn('problem_index', 'integer')
    .addColumn('submission_id', 'integer')
    .addColumn('created_by', 'integer', (c) => c.notNull())
    .addColumn('state', 'varchar(12)', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('applied_at', 'varchar(30)')
    .addColumn('cancelled_at', 'varchar(30)')
    .execute();
  // One open set (judging or ready) per contest: two made at once cannot both land.
  await sql`create unique index rejudge_sets_open on rejudge_sets (competition_id) where state in ('judging', 'ready')`.execute(
    db,
  );
  await db.schema
    .createIndex('rejudge_sets_contest')
    .on('rejudge_sets')
    .columns(['competition_id', 'id'])
    .execute();

  await db.schema
    .createTable('rejudge_runs')
    .addColumn('set_id', 'integer', (c) => c.notNull())
    .addColumn('submission_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('problem_index', 'integer', (c) => c.notNull())
    .addColumn('old_status', 'varchar(8)', (c) => c.notNull())
    .addColumn('old_score', 'double precision')
    .addColumn('old_time', 'integer', (c) => c.notNull())
    .addColumn('old_memory', 'integer', (c) => c.notNull())
    .addColumn('new_status', 'varchar(8)')
    .addColumn('new_score', 'double precision')
    .addColumn('new_full_score', 'double precision')
    .addColumn('new_subtasks', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('new_time', 'integer')
    .addColumn('new_memory', 'integer')
    .addColumn('new_tests', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('result', 'text')
    .addColumn('tests_key', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('test_total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('judged', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('rejudge_runs_pk', ['set_id', 'submission_id'])
    .execute();
}
