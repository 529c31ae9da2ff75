import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from '../migrate';

/**
 * Issue 27 part 1, classes for teachers (modules/classes, docs/classes.md). On the users (owned by
 * the users module): `teacher` (an administrator marks a user 教师; administrators are teachers
 * implicitly) and `must_change_password` (bulk student accounts change their initial password at
 * first login). Then the classes: `classes` (name, school, term, how one joins, the invite code,
 * archived), `class_members` (one row per member with the role 'student' | 'ta' | 'teacher'),
 * `class_join_requests` (one per class and user, 'pending' | 'approved' | 'rejected') and
 * `class_announcements` (short notices the teacher and TAs post to the class).
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('teacher', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('classes')
    .addColumn('id', ctx.id, (c) => c.primaryKey())
    .addColumn('name', 'varchar(60)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('school', 'varchar(60)', (c) => c.notNull().defaultTo(''))
    .addColumn('term', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .addColumn('teacher_id', 'integer', (c) => c.notNull())
    /** 'code': the invite code (or link) joins at once; 'approval': it files a request. */
    .addColumn('join_mode', 'varchar(12)', (c) => c.notNull())
    .addColumn('invite_code', 'varchar(16)', (c) => c.notNull())
    .addColumn('archived', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('classes_invite_code').unique().on('classes').column('invite_code').execute();

  await db.schema
    .createTable('class_members')
    .addColumn('class_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('role', 'varchar(8)', (c) => c.notNull())
    .addColumn('joined_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('class_members_pk', ['class_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('class_members_user')
    .on('class_members')
    .columns(['user_id', 'class_id'])
    .execute();

  await db.schema
    .createTable('class_join_requests')
    .addColumn('class_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('state', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('decided_by', 'integer')
    .addColumn('decided_at', 'varchar(30)')
    .addPrimaryKeyConstraint('class_join_requests_pk', ['class_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('class_announcements')
    .addColumn('id', ctx.id, (c) => c.primaryKey())
    .addColumn('class_id', 'integer', (c) => c.notNull())
    .addColumn('author_id', 'integer', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await sql`create index class_announcements_class on class_announcements (class_id, id)`.execute(db);
}
