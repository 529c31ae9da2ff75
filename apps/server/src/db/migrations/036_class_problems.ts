import type { Kysely } from 'kysely';

/**
 * Issue 27 part 3, class problems (班级题目), owned by modules/classes: which bank problems are
 * private to which classes. The problem itself is an ordinary `problems` row always stored hidden
 * (visible = 0), so every read path of the bank already keeps it from everyone but administrators;
 * only the paths that let a class's members in read this table (docs/classes.md, 班级题目).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('class_problems')
    .addColumn('problem_id', 'integer', (c) => c.notNull())
    .addColumn('class_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('class_problems_pk', ['problem_id', 'class_id'])
    .execute();
  await db.schema.createIndex('class_problems_class').on('class_problems').column('class_id').execute();
}
