import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrate';

/**
 * The problem bank, submissions, the daily problem, last-entered problems and the math / 408 bank.
 * JSON columns are text (same on both dialects); lists that are searched get their own table.
 */
export async function up(db: Kysely<unknown>, { id }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('problems')
    // Chosen ids (the demo bank starts at 1000), so no auto-increment.
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('chinese_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('english_name', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('difficulty', 'integer', (c) => c.notNull())
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('source_name', 'varchar(20)', (c) => c.notNull())
    .addColumn('time_limit', 'integer', (c) => c.notNull())
    .addColumn('memory_limit', 'integer', (c) => c.notNull())
    .addColumn('samples', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('checker', 'text', (c) => c.notNull().defaultTo('{"kind":"default"}'))
    .addColumn('tests', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('test_case_num', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('visible', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('submit_num', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('accept_num', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_delete', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_time', 'varchar(30)', (c) => c.notNull())
    .addColumn('update_time', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('problems_difficulty').on('problems').columns(['difficulty']).execute();

  await db.schema
    .createTable('problem_tags')
    .addColumn('problem_id', 'integer', (c) => c.notNull().references('problems.id').onDelete('cascade'))
    .addColumn('tag_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('problem_tags_pk', ['problem_id', 'tag_id'])
    .execute();
  await db.schema
    .createIndex('problem_tags_tag')
    .on('problem_tags')
    .columns(['tag_id', 'problem_id'])
    .execute();

  await db.schema
    .createTable('submissions')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('problem_id', 'integer', (c) => c.notNull().references('problems.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('language', 'varchar(20)', (c) => c.notNull())
    .addColumn('source_code', 'text', (c) => c.notNull())
    .addColumn('code_length', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(8)', (c) => c.notNull())
    .addColumn('time_used', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('memory_used', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('compile_message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('test_results', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('test_total', 'integer', (c) => c.notNull().defaultTo(0))
    // Bumped by every (re)judge; a result of an older attempt is ignored.
    .addColumn('judge_version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('competition_id', 'integer')
    .addColumn('problem_index', 'integer')
    // Asia/Shanghai date of the submission: the daily-practice heatmap groups by it.
    .addColumn('local_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('create_time', 'varchar(30)', (c) => c.notNull())
    .addColumn('judge_time', 'varchar(30)')
    .execute();
  await db.schema
    .createIndex('submissions_problem')
    .on('submissions')
    .columns(['problem_id', 'id'])
    .execute();
  await db.schema.createIndex('submissions_user').on('submissions').columns(['user_id', 'id']).execute();
  await db.schema
    .createIndex('submissions_user_date')
    .on('submissions')
    .columns(['user_id', 'local_date'])
    .execute();
  await db.schema.createIndex('submissions_status').on('submissions').columns(['status']).execute();

  // One row per (user, problem) tried: the bank's "my status" and the difficulty sums read it.
  await db.schema
    .createTable('user_problem_status')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('problem_id', 'integer', (c) => c.notNull().references('problems.id').onDelete('cascade'))
    .addColumn('solved', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('user_problem_status_pk', ['user_id', 'problem_id'])
    .execute();

  await db.schema
    .createTable('daily_problems')
    .addColumn('date', 'varchar(10)', (c) => c.primaryKey())
    .addColumn('problem_id', 'integer', (c) => c.notNull().references('problems.id').onDelete('cascade'))
    .addColumn('create_time', 'varchar(30)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('problem_last')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('problem_id', 'integer', (c) => c.notNull().references('problems.id').onDelete('cascade'))
    .addColumn('language', 'varchar(20)')
    .addColumn('update_time', 'varchar(30)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('math408_questions')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('type', 'varchar(12)', (c) => c.notNull())
    .addColumn('difficulty', 'integer', (c) => c.notNull())
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('options', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('answer', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('reference_answer', 'text')
    .addColumn('reference_code', 'text')
    .addColumn('samples', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('explanation', 'text', (c) => c.notNull().defaultTo(''))
    // Programming questions are judged through a hidden algorithm problem.
    .addColumn('problem_id', 'integer', (c) => c.references('problems.id'))
    .addColumn('create_time', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('math408_question_tags')
    .addColumn('question_id', 'integer', (c) =>
      c.notNull().references('math408_questions.id').onDelete('cascade'),
    )
    .addColumn('tag_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('math408_question_tags_pk', ['question_id', 'tag_id'])
    .execute();
  await db.schema
    .createTable('math408_records')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('question_id', 'integer', (c) =>
      c.notNull().references('math408_questions.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('correct', 'integer')
    .addColumn('submission_id', 'integer', (c) => c.references('submissions.id').onDelete('set null'))
    .addColumn('create_time', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('math408_records_user')
    .on('math408_records')
    .columns(['user_id', 'question_id'])
    .execute();
}
