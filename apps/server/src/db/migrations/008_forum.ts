import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrate';

/**
 * The forum (issue 12): posts (solutions, Q&A, discussion, requirements) with their edit history,
 * comments one level deep, thumbs (one row per user and target: idempotent, counted exactly),
 * readings counted once per viewer per day, and the per-problem solution policy.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('posts')
    .addColumn('id', ctx.id, (c) => c.primaryKey())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('category', 'varchar(20)', (c) => c.notNull())
    .addColumn('problem_id', 'integer')
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('thumbs', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('comments', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('readings', 'integer', (c) => c.notNull().defaultTo(0))
    // hot = hot_base (hours since 1970 / 6: newer posts start higher) + 4 per thumb + 2 per comment.
    .addColumn('hot_base', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hot', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pinned', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_delete', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('requirement_status', 'varchar(20)')
    .addColumn('create_time', 'varchar(30)', (c) => c.notNull())
    .addColumn('update_time', 'varchar(30)', (c) => c.notNull())
    .execute();
  // The lists, pinned first then by hot / new / thumbs, read in index order: every post (live and
  // not hidden), a category's, a problem's. The counts of the same lists read covering indexes.
  for (const order of ['hot', 'id', 'thumbs'] as const) {
    await db.schema
      .createIndex(`posts_live_${order}`)
      .on('posts')
      .columns(['is_delete', 'hidden', 'pinned', order, ...(order === 'id' ? ['problem_id'] : [])])
      .execute();
    await db.schema
      .createIndex(`posts_category_${order}`)
      .on('posts')
      .columns(['category', 'is_delete', 'hidden', 'pinned', order])
      .execute();
    await db.schema
      .createIndex(`posts_problem_${order}`)
      .on('posts')
      .columns(['problem_id', 'category', 'pinned', order])
      .execute();
  }
  await db.schema
    .createIndex('posts_category_count')
    .on('posts')
    .columns(['category', 'is_delete', 'hidden', 'problem_id'])
    .execute();
  await db.schema
    .createIndex('posts_problem_count')
    .on('posts')
    .columns(['problem_id', 'category', 'is_delete', 'hidden'])
    .execute();
  await db.schema.createIndex('posts_author').on('posts').columns(['author_id', 'id']).execute();

  await db.schema
    .createTable('post_edits')
    .addColumn('id', ctx.id, (c) => c.primaryKey())
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('editor_id', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('tags', 'text', (c) => c.notNull())
    .addColumn('create_time', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('post_edits_post').on('post_edits').columns(['post_id', 'id']).execute();

  await db.schema
    .createTable('comments')
    .addColumn('id', ctx.id, (c) => c.primaryKey())
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('parent_id', 'integer')
    .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('thumbs', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_delete', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_time', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('comments_post')
    .on('comments')
    .columns(['post_id', 'parent_id', 'id'])
    .execute();
  await db.schema.createIndex('comments_parent').on('comments').columns(['parent_id', 'id']).execute();

  await db.schema
    .createTable('post_thumbs')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('create_time', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('post_thumbs_pk', ['post_id', 'user_id'])
    .execute();
  await db.schema
    .createTable('comment_thumbs')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('comment_id', 'integer', (c) => c.notNull().references('comments.id').onDelete('cascade'))
    .addColumn('create_time', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('comment_thumbs_pk', ['comment_id', 'user_id'])
    .execute();

  // One row per reader (a user id, or an address when anonymous) and post; the date moves.
  await db.schema
    .createTable('post_reads')
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('viewer', 'varchar(64)', (c) => c.notNull())
    .addColumn('date', 'varchar(10)', (c) => c.notNull())
    .addPrimaryKeyConstraint('post_reads_pk', ['post_id', 'viewer'])
    .execute();

  await db.schema
    .createTable('forum_solution_policies')
    .addColumn('problem_id', 'integer', (c) => c.primaryKey())
    .addColumn('policy', 'varchar(20)', (c) => c.notNull())
    .addColumn('update_time', 'varchar(30)', (c) => c.notNull())
    .execute();
}
