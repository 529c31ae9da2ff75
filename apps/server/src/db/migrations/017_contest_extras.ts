import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrate';

/**
 * Issue 18, contest extras: clarifications (答疑) and contest announcements (module
 * clarifications), code similarity runs and pairs (module similarity). Contest, user and
 * submission ids point into other modules' tables without a foreign key, as elsewhere.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('contest_announcements')
    .addColumn('id', ctx.id, (c) => c.primaryKey())
    .addColumn('competition_id', 'integer', (c) => c.notNull())
    .addColumn('author_id', 'integer', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('create_time', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('contest_announcements_contest')
    .on('contest_announcements')
    .columns(['competition_id', 'id'])
    .execute();

  await db.schema
    .createTable('contest_clarifications')
    .addColumn('id', ctx.id, (c) => c.primaryKey())
    .addColumn('competition_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('problem_index', 'integer')
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('answer', 'text')
    .addColumn('answerer_id', 'integer')
    .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_time', 'varchar(30)', (c) => c.notNull())
    .addColumn('answer_time', 'varchar(30)')
    .execute();
  await db.schema
    .createIndex('contest_clarifications_contest')
    .on('contest_clarifications')
    .columns(['competition_id', 'id'])
    .execute();

  // When a user last opened a contest's 答疑 tab: what changed after it is unread.
  await db.schema
    .createTable('contest_clarification_reads')
    .addColumn('competition_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('read_time', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('contest_clarification_reads_pk', ['competition_id', 'user_id'])
    .execute();

  // One run per contest (the primary key is also the claim that keeps two nodes from both computing).
  await db.schema
    .createTable('similarity_runs')
    .addColumn('competition_id', 'integer', (c) => c.primaryKey())
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('submissions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pairs', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('duration_ms', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('started_time', 'varchar(30)', (c) => c.notNull())
    .addColumn('finished_time', 'varchar(30)')
    .execute();
  await db.schema
    .createTable('similarity_pairs')
    .addColumn('id', ctx.id, (c) => c.primaryKey())
    .addColumn('competition_id', 'integer', (c) => c.notNull())
    .addColumn('problem_index', 'integer', (c) => c.notNull())
    .addColumn('language', 'varchar(20)', (c) => c.notNull())
    .addColumn('left_submission_id', 'integer', (c) => c.notNull())
    .addColumn('right_submission_id', 'integer', (c) => c.notNull())
    .addColumn('left_user_id', 'integer', (c) => c.notNull())
    .addColumn('right_user_id', 'integer', (c) => c.notNull())
    .addColumn('score', 'real', (c) => c.notNull())
    .addColumn('left_share', 'real', (c) => c.notNull())
    .addColumn('right_share', 'real', (c) => c.notNull())
    .addColumn('regions', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('similarity_pairs_contest_score')
    .on('similarity_pairs')
    .columns(['competition_id', 'score'])
    .execute();
}
