import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrate';

/**
 * Issue 27 part 4, problem lists (题单) and favourites (收藏), modules/problem-lists: a user's
 * ordered list of bank problems with a note each, public or private (`problem_lists`,
 * `problem_list_items`), the lists a user favourited (`problem_list_favourites`) and the bank
 * problems a user starred (`problem_favourites`). Ids of lists are never reused (classes assign
 * them as homework later).
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('problem_lists')
    .addColumn('id', ctx.id, (c) =>
      // AUTOINCREMENT on SQLite: a deleted list's id is never given to another (homework names lists).
      ctx.dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey(),
    )
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('public', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('problem_lists_owner')
    .on('problem_lists')
    .columns(['owner_id', 'id'])
    .execute();
  await db.schema.createIndex('problem_lists_public').on('problem_lists').columns(['public', 'id']).execute();

  await db.schema
    .createTable('problem_list_items')
    .addColumn('list_id', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('problem_id', 'integer', (c) => c.notNull())
    .addColumn('note', 'varchar(800)', (c) => c.notNull().defaultTo(''))
    .addPrimaryKeyConstraint('problem_list_items_pk', ['list_id', 'position'])
    .addUniqueConstraint('problem_list_items_problem', ['list_id', 'problem_id'])
    .execute();

  await db.schema
    .createTable('problem_list_favourites')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('list_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('problem_list_favourites_pk', ['user_id', 'list_id'])
    .execute();
  await db.schema
    .createIndex('problem_list_favourites_list')
    .on('problem_list_favourites')
    .column('list_id')
    .execute();

  await db.schema
    .createTable('problem_favourites')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('problem_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('problem_favourites_pk', ['user_id', 'problem_id'])
    .execute();
}
