import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import type { Database } from './types';

export type DialectName = 'sqlite' | 'postgres';

export interface Db {
  db: Kysely<Database>;
  dialect: DialectName;
  /** Statements run since the database was opened (tests assert a page's query count with it). */
  queryCount(): number;
  close(): Promise<void>;
}

/** PostgreSQL when `databaseUrl` is set, otherwise SQLite in `<dataDir>/oj.db` (WAL, foreign keys on). */
export async function openDatabase(opts: {
  databaseUrl: string;
  dataDir: string;
  onConnectionError?: (err: Error) => void;
}): Promise<Db> {
  const counter = queryCounter();
  if (opts.databaseUrl) {
    // Loaded only when used: an SQLite install does not pay for the PostgreSQL driver at start.
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // A connection the database ends (a restart, an administrator, a dropped test database) must
    // not crash the process: idle clients report on the pool, checked-out or closing ones on
    // themselves. The next query opens a new connection.
    const report = (err: Error) => opts.onConnectionError?.(err);
    pool.on('error', report);
    pool.on('connect', (client) => client.on('error', report));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: counter.log });
    return { db, dialect: 'postgres', queryCount: counter.count, close: () => db.destroy() };
  }
  mkdirSync(opts.dataDir, { recursive: true });
  const sqlite = new SQLite(join(opts.dataDir, 'oj.db'));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: reusingStatements(sqlite) }), log: counter.log });
  return { db, dialect: 'sqlite', queryCount: counter.count, close: () => db.destroy() };
}

/** Statements kept prepared: a page of the site sends a few dozen distinct ones, over and over. */
const STATEMENT_CACHE_SIZE = 1000;

/**
 * Kysely's SQLite driver prepares every query anew (`db.prepare(sql)` per execution) and
 * better-sqlite3 keeps nothing: compiling the SQL took a third of the CPU of a problem detail
 * answer (issue 28). Kysely compiles a query with its values as parameters, so the same query
 * shape is the same SQL text: keep the prepared statement per text, least recently used dropped.
 * Reusing one is safe here because the dialect runs one statement at a time on its single
 * connection (a streamed one holds the connection until it is done), and SQLite re-prepares a
 * statement itself when a migration changes the schema under it.
 */
function reusingStatements(sqlite: SQLite.Database): SqliteDatabase {
  const prepared = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      let stmt = prepared.get(sql);
      if (stmt) prepared.delete(sql);
      else stmt = sqlite.prepare(sql);
      prepared.set(sql, stmt); // most recently used last
      if (prepared.size > STATEMENT_CACHE_SIZE) prepared.delete(prepared.keys().next().value!);
      return stmt;
    },
  };
}

/** Kysely's log hook, called once per statement run (failed ones included), counting them. */
function queryCounter() {
  let n = 0;
  return { log: () => void (background.getStore() ? undefined : n++), count: () => n };
}

/** Set while background work runs (see `uncounted`). */
const background = new AsyncLocalStorage<true>();

/**
 * Runs background work (outbox passes, periodic jobs) without counting its statements: a test's
 * query count measures the request it made, not a poll that happened to run at the same moment.
 * The mark follows the work through every await (AsyncLocalStorage).
 */
export function uncounted<T>(work: () => Promise<T>): Promise<T> {
  return background.run(true, work);
}
