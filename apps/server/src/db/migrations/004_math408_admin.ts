import type { Kysely } from 'kysely';

/**
 * Math / 408 questions become manageable (hidden, soft-deleted, edited) and their answers can
 * belong to a contest: an answer given inside a running math or 408 contest carries the contest
 * and the problem's position, like a programming submission does, so it counts for the scoreboard.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('math408_questions')
    .addColumn('visible', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('math408_questions')
    .addColumn('is_delete', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Questions seeded before this migration have no edit time yet: their creation time stands in.
  await db.schema.alterTable('math408_questions').addColumn('update_time', 'varchar(30)').execute();

  await db.schema.alterTable('math408_records').addColumn('competition_id', 'integer').execute();
  await db.schema.alterTable('math408_records').addColumn('problem_index', 'integer').execute();
  await db.schema
    .createIndex('math408_records_competition')
    .on('math408_records')
    .columns(['competition_id', 'id'])
    .execute();
  // Verdicts of programming answers find their answer by submission.
  await db.schema
    .createIndex('math408_records_submission')
    .on('math408_records')
    .column('submission_id')
    .execute();
}
