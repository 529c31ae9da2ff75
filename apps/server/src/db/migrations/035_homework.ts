import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrate';

/**
 * Issue 27 part 2, homework of classes (作业), owned by modules/classes: a homework (`homework`),
 * the classes it is assigned to (`homework_classes`), its bank problems in order
 * (`homework_problems`) and the notices each student was sent (`homework_notices`: 'published',
 * 'reminder'; one row per kind and student, so a restart never sends one twice).
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('homework')
    .addColumn('id', ctx.id, (c) => c.primaryKey())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('start_time', 'varchar(30)', (c) => c.notNull())
    .addColumn('deadline', 'varchar(30)', (c) => c.notNull())
    .addColumn('late_end', 'varchar(30)')
    .addColumn('late_factor', 'real', (c) => c.notNull().defaultTo(1))
    .addColumn('creator_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('homework_deadline').on('homework').columns(['deadline']).execute();
  await db.schema
    .createTable('homework_classes')
    .addColumn('homework_id', 'integer', (c) => c.notNull())
    .addColumn('class_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('homework_classes_pk', ['homework_id', 'class_id'])
    .execute();
  await db.schema.createIndex('homework_classes_class').on('homework_classes').column('class_id').execute();
  await db.schema
    .createTable('homework_problems')
    .addColumn('homework_id', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('problem_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('homework_problems_pk', ['homework_id', 'position'])
    .execute();
  await db.schema
    .createTable('homework_notices')
    .addColumn('homework_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addPrimaryKeyConstraint('homework_notices_pk', ['homework_id', 'user_id', 'kind'])
    .execute();
}
