import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrate';

/** Users, sessions, e-mail codes, OAuth links, files and background pictures. */
export async function up(db: Kysely<unknown>, { id }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('account', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('email', 'varchar(200)', (c) => c.unique())
    .addColumn('password_hash', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('username', 'varchar(100)', (c) => c.notNull())
    .addColumn('avatar', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('hobby', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('phone', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .addColumn('gender', 'varchar(10)', (c) => c.notNull().defaultTo(''))
    .addColumn('school', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('profile', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('rating', 'integer', (c) => c.notNull().defaultTo(1500))
    .addColumn('role', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_boss', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('birth', 'varchar(10)', (c) => c.notNull().defaultTo(''))
    .addColumn('readings', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('background_picture', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_delete', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_time', 'varchar(30)', (c) => c.notNull())
    .addColumn('update_time', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_role').on('users').column('role').execute();
  await db.schema.createIndex('users_username').on('users').column('username').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('email_codes')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('email', 'varchar(200)', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(30)')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('email_codes_email').on('email_codes').column('email').execute();

  await db.schema
    .createTable('oauth_accounts')
    .addColumn('provider', 'varchar(20)', (c) => c.notNull())
    .addColumn('provider_user_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('oauth_accounts_pk', ['provider', 'provider_user_id'])
    .execute();

  await db.schema
    .createTable('files')
    .addColumn('sha256', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('ext', 'varchar(10)', (c) => c.notNull())
    .addColumn('mime', 'varchar(100)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('background_pictures')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('owner_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('picture_address', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('background_pictures_owner')
    .on('background_pictures')
    .column('owner_id')
    .execute();
}
