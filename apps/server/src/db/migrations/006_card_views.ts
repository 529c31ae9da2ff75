import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrate';

/**
 * Who read whose user card on which day (Asia/Shanghai date), so the card's readings count a
 * signed-in viewer once a day instead of every call. One row per reader and card: the date moves.
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('user_card_views')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('viewer_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('date', 'varchar(10)', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_card_views_pk', ['user_id', 'viewer_id'])
    .execute();
}
