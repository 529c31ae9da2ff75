import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrate';

/**
 * Issue 27 part 3, class contests (班级比赛; docs/classes.md): the classes a contest is restricted
 * to, owned by modules/competitions. A contest with at least one row here admits only the members
 * of those classes (competitions/class-rule.ts).
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('competition_classes')
    .addColumn('competition_id', 'integer', (c) => c.notNull())
    .addColumn('class_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('competition_classes_pk', ['competition_id', 'class_id'])
    .execute();
  await db.schema
    .createIndex('competition_classes_class')
    .on('competition_classes')
    .column('class_id')
    .execute();
}
