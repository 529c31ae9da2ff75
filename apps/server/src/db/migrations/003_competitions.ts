import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrate';

/**
 * Contests, their ordered problems and their participants. A participant row keeps the persisted
 * scoreboard totals (updated on every verdict) and, once a rated contest is applied, the rating
 * before / after / change and the final rank.
 */
export async function up(db: Kysely<unknown>, { id }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('competitions')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    // 1 programming, 2 math, 3 408.
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('start_time', 'varchar(30)', (c) => c.notNull())
    .addColumn('end_time', 'varchar(30)', (c) => c.notNull())
    // argon2 of the join password; null = open contest.
    .addColumn('password_hash', 'text')
    .addColumn('rated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('freeze_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unfrozen', 'integer', (c) => c.notNull().defaultTo(0))
    // Set once the ratings of this contest are applied (the claim that makes application idempotent).
    .addColumn('rating_applied', 'integer', (c) => c.notNull().defaultTo(0))
    // Set once the final ranks of an ended contest are stored.
    .addColumn('finalized', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('owner_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('is_delete', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_time', 'varchar(30)', (c) => c.notNull())
    .addColumn('update_time', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('competitions_start')
    .on('competitions')
    .columns(['is_delete', 'start_time'])
    .execute();

  await db.schema
    .createTable('competition_problems')
    .addColumn('competition_id', 'integer', (c) =>
      c.notNull().references('competitions.id').onDelete('cascade'),
    )
    // 0-based position: submissions carry it as `index`.
    .addColumn('idx', 'integer', (c) => c.notNull())
    // An algorithm problem (type 1) or a math / 408 question (types 2, 3).
    .addColumn('problem_id', 'integer', (c) => c.notNull())
    .addColumn('display_name', 'varchar(50)', (c) => c.notNull())
    .addPrimaryKeyConstraint('competition_problems_pk', ['competition_id', 'idx'])
    .execute();

  await db.schema
    .createTable('competition_participants')
    .addColumn('competition_id', 'integer', (c) =>
      c.notNull().references('competitions.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('join_time', 'varchar(30)', (c) => c.notNull())
    .addColumn('solved', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('penalty', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('submitted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rank', 'integer')
    .addColumn('rating_before', 'integer')
    .addColumn('rating_after', 'integer')
    .addColumn('rating_change', 'integer')
    .addPrimaryKeyConstraint('competition_participants_pk', ['competition_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('competition_participants_user')
    .on('competition_participants')
    .columns(['user_id', 'competition_id'])
    .execute();
  await db.schema
    .createIndex('submissions_competition')
    .on('submissions')
    .columns(['competition_id', 'id'])
    .execute();
}
