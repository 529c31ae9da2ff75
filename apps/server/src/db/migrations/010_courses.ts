import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrate';

/**
 * Study plans and courses (issue 13). A course is a plan with a price and members, so both live in
 * `study_plans` (kind 'plan' or 'course') and share sections, lessons, problems and members.
 * Progress is derived from the users' solved problems, never stored. `problem_videos` holds the
 * solution video of an algorithm problem (a local file or an Aliyun VOD video id).
 */
export async function up(db: Kysely<unknown>, { id }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('study_plans')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('cover', 'varchar(500)')
    .addColumn('price_fen', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('searchable', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_delete', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_time', 'varchar(30)', (c) => c.notNull())
    .addColumn('update_time', 'varchar(30)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('study_sections')
    .addColumn('plan_id', 'integer', (c) => c.notNull().references('study_plans.id').onDelete('cascade'))
    .addColumn('idx', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    // JSON array of the 0-based positions of earlier sections that must be done first.
    .addColumn('requires', 'text', (c) => c.notNull().defaultTo('[]'))
    .addPrimaryKeyConstraint('study_sections_pk', ['plan_id', 'idx'])
    .execute();

  await db.schema
    .createTable('study_lessons')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('plan_id', 'integer', (c) => c.notNull().references('study_plans.id').onDelete('cascade'))
    .addColumn('section_idx', 'integer', (c) => c.notNull())
    .addColumn('idx', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    // Name of the stored video file under <dataDir>/videos, and of its poster frame.
    .addColumn('video', 'varchar(100)')
    .addColumn('poster', 'varchar(100)')
    .execute();
  await db.schema
    .createIndex('study_lessons_plan')
    .on('study_lessons')
    .columns(['plan_id', 'section_idx', 'idx'])
    .execute();

  await db.schema
    .createTable('study_problems')
    .addColumn('plan_id', 'integer', (c) => c.notNull().references('study_plans.id').onDelete('cascade'))
    .addColumn('section_idx', 'integer', (c) => c.notNull())
    .addColumn('idx', 'integer', (c) => c.notNull())
    // 'algorithm' (problems) or 'math408' (math408_questions).
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('problem_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('study_problems_pk', ['plan_id', 'section_idx', 'idx'])
    .execute();

  await db.schema
    .createTable('study_members')
    .addColumn('plan_id', 'integer', (c) => c.notNull().references('study_plans.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('join_time', 'varchar(30)', (c) => c.notNull())
    // How the member got in: 'free', 'admin' or 'order:<out_trade_no>'.
    .addColumn('via', 'varchar(80)', (c) => c.notNull())
    .addPrimaryKeyConstraint('study_members_pk', ['plan_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('study_members_user')
    .on('study_members')
    .columns(['user_id', 'plan_id'])
    .execute();

  await db.schema
    .createTable('problem_videos')
    .addColumn('problem_id', 'integer', (c) => c.primaryKey())
    // A local file name under <dataDir>/videos, or null when only an Aliyun video id is set.
    .addColumn('video', 'varchar(100)')
    .addColumn('poster', 'varchar(100)')
    .addColumn('aliyun_video_id', 'varchar(100)')
    .addColumn('update_time', 'varchar(30)', (c) => c.notNull())
    .execute();
}
