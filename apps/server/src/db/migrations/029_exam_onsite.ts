import type { Kysely } from 'kysely';

/**
 * Issue 26 parts 5 and 6, on-site contests (modules/competitions):
 * - `competitions.exam_mode`: while the contest runs its participants reach only its pages
 *   (competitions/exam-guard.ts); `exam_ips`: JSON array of CIDR ranges they must come from
 *   ('[]' = anywhere).
 * - `competitions.medal_gold/silver/bronze`: how many official participants get each medal on the
 *   final board and in the Excel export (0 = none).
 * - `competition_participants.unofficial`: 打星, ranked but left out of medals and rating.
 * - `competition_balloons`: balloons the staff has delivered (the balloons themselves are the
 *   board's first accepted tries, derived; only the tick-off is stored).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('competitions')
    .addColumn('exam_mode', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('competitions')
    .addColumn('exam_ips', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  for (const medal of ['medal_gold', 'medal_silver', 'medal_bronze'])
    await db.schema
      .alterTable('competitions')
      .addColumn(medal, 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  await db.schema
    .alterTable('competition_participants')
    .addColumn('unofficial', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('competition_balloons')
    .addColumn('competition_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('problem_idx', 'integer', (c) => c.notNull())
    .addColumn('delivered_by', 'integer', (c) => c.notNull())
    .addColumn('delivered_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('competition_balloons_pk', ['competition_id', 'user_id', 'problem_idx'])
    .execute();
}
