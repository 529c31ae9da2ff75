import { type Kysely, sql } from 'kysely';

/**
 * Issue 26 part 2: virtual participation, practice and window contests (docs/competitions.md,
 * "Virtual participation, practice, window contests"):
 * - `competitions.window_minutes`: a per-participant time window (灵活时间, 0 = none): each
 *   participant presses 开始 between the start and the end and has that many minutes, cut at the end;
 * - `competition_participants.started_at`: when the participant pressed 开始 (window contests; null
 *   before, and in other contests);
 * - `competition_virtual_runs`: one virtual run per user and contest (started after the end, the
 *   contest's length from `started_at`; a new run replaces an ended one). A table of its own, not a
 *   flag on the participants: a virtual runner is no participant (board, awards, rating, the
 *   participant counts and the profile's history read that table and must not see them), and a user
 *   who joined but never submitted may still run it virtually;
 * - `submissions.contest_mode` (the submissions' table): '' for a contest try (or no contest),
 *   'virtual' for a try of a virtual run, 'practice' for a try after the contest's end. Existing
 *   tries made after their contest's end are marked practice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('competitions')
    .addColumn('window_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('competition_participants').addColumn('started_at', 'varchar(30)').execute();
  await db.schema
    .createTable('competition_virtual_runs')
    .addColumn('competition_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('started_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('competition_virtual_runs_pk', ['competition_id', 'user_id'])
    .execute();
  await db.schema
    .alterTable('submissions')
    .addColumn('contest_mode', 'varchar(10)', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`update submissions set contest_mode = 'practice' where competition_id is not null and create_time >= (select c.end_time from competitions c where c.id = submissions.competition_id)`.execute(
    db,
  );
}
