import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { backends } from '../../test/helpers';
import { emptyDatabase } from '../../test/migrations';
import { LEASE_TABLES } from '../lib/lease';
import { OUTBOX_TABLES } from '../lib/outbox';
import { ANNOUNCEMENTS_TABLES } from '../modules/announcements';
import { AUTH_TABLES } from '../modules/auth';
import { CLARIFICATIONS_TABLES } from '../modules/clarifications';
import { COMPETITIONS_TABLES } from '../modules/competitions';
import { COURSES_TABLES } from '../modules/courses';
import { FILES_TABLES } from '../modules/files';
import { FORUM_TABLES } from '../modules/forum';
import { JURY_TABLES } from '../modules/jury';
import { KEYS_TABLES } from '../modules/keys';
import { LANGUAGES_TABLES } from '../modules/languages';
import { MATH408_TABLES } from '../modules/math408';
import { MODERATION_TABLES } from '../modules/moderation';
import { NOTIFICATIONS_TABLES } from '../modules/notifications';
import { OAUTH_TABLES } from '../modules/oauth';
import { PAYMENTS_TABLES } from '../modules/payments';
import { PICTURES_TABLES } from '../modules/pictures';
import { PROBLEM_TRANSFER_TABLES } from '../modules/problem-transfer';
import { PROBLEMS_TABLES } from '../modules/problems';
import { REJUDGE_TABLES } from '../modules/rejudge';
import { PROBLEM_LISTS_TABLES } from '../modules/problem-lists';
import { CLASSES_TABLES } from '../modules/classes';
import { REPLAYS_TABLES } from '../modules/replays';
import { SEARCH_TABLES } from '../modules/search';
import { SIMILARITY_TABLES } from '../modules/similarity';
import { SOCIAL_TABLES } from '../modules/social';
import { SUBMISSIONS_TABLES } from '../modules/submissions';
import { USERS_TABLES } from '../modules/users';
import { migrate } from './migrate';

/** Every owner's table set (db/scoped.ts): the modules', and the outbox's. */
const OWNERS: [string, { names: readonly string[] }][] = [
  ['lib/outbox', OUTBOX_TABLES],
  ['lib/lease', LEASE_TABLES],
  ['announcements', ANNOUNCEMENTS_TABLES],
  ['auth', AUTH_TABLES],
  ['clarifications', CLARIFICATIONS_TABLES],
  ['competitions', COMPETITIONS_TABLES],
  ['courses', COURSES_TABLES],
  ['files', FILES_TABLES],
  ['forum', FORUM_TABLES],
  ['jury', JURY_TABLES],
  ['keys', KEYS_TABLES],
  ['languages', LANGUAGES_TABLES],
  ['math408', MATH408_TABLES],
  ['moderation', MODERATION_TABLES],
  ['notifications', NOTIFICATIONS_TABLES],
  ['oauth', OAUTH_TABLES],
  ['payments', PAYMENTS_TABLES],
  ['pictures', PICTURES_TABLES],
  ['problem-transfer', PROBLEM_TRANSFER_TABLES],
  ['problems', PROBLEMS_TABLES],
  ['rejudge', REJUDGE_TABLES],
  ['problem-lists', PROBLEM_LISTS_TABLES],
  ['classes', CLASSES_TABLES],
  ['replays', REPLAYS_TABLES],
  ['search', SEARCH_TABLES],
  ['similarity', SIMILARITY_TABLES],
  ['social', SOCIAL_TABLES],
  ['submissions', SUBMISSIONS_TABLES],
  ['users', USERS_TABLES],
];

/** Tables the database keeps for itself or for an index, not data of a module. */
const NOT_DATA = /^(kysely_migration|kysely_migration_lock|sqlite_\w+|search_fts(_\w+)?)$/;

describe.each(backends())('table ownership on $name', (backend) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const fn of cleanups.splice(0).reverse()) await fn();
  });

  it('gives every table of a migrated database exactly one owner', async () => {
    const db = await emptyDatabase(backend, cleanups);
    await migrate(db.db as never, db.dialect);
    const listed =
      db.dialect === 'postgres'
        ? await sql<{
            name: string;
          }>`select tablename as name from pg_tables where schemaname = 'public'`.execute(db.db)
        : await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db.db);
    const tables = listed.rows
      .map((r) => r.name)
      .filter((n) => !NOT_DATA.test(n))
      .sort();
    const owned = OWNERS.flatMap(([owner, set]) => set.names.map((t) => `${t} ${owner}`));
    const byTable = new Map<string, string[]>();
    for (const line of owned) {
      const [table, owner] = line.split(' ');
      byTable.set(table, [...(byTable.get(table) ?? []), owner]);
    }
    expect([...byTable].filter(([, o]) => o.length > 1)).toEqual([]);
    expect([...byTable.keys()].sort()).toEqual(tables);
  });
});
