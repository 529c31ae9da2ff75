import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrate';

/**
 * The personal centre's social side (modules/social): who follows whom (friends = both ways),
 * recent visitors of a user's card (one row per visitor and day, its time moving to the latest
 * visit of that day) and each user's choice to keep no visitors at all.
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('follows')
    .addColumn('follower_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('followee_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('create_time', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('follows_pk', ['follower_id', 'followee_id'])
    .execute();
  // "my followers" (the primary key serves "whom I follow").
  await db.schema
    .createIndex('follows_followee')
    .on('follows')
    .columns(['followee_id', 'follower_id'])
    .execute();

  await db.schema
    .createTable('user_visits')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('visitor_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('date', 'varchar(10)', (c) => c.notNull())
    .addColumn('visit_time', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_visits_pk', ['user_id', 'visitor_id', 'date'])
    .execute();
  await db.schema
    .createIndex('user_visits_recent')
    .on('user_visits')
    .columns(['user_id', 'visit_time'])
    .execute();

  await db.schema
    .createTable('social_settings')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('record_visitors', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}
