import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { Database } from './types';

export type DialectName = 'sqlite' | 'postgres';

export interface Db {
  db: Kysely<Database>;
  dialect: DialectName;
  close(): Promise<void>;
}

/** PostgreSQL when `databaseUrl` is set, otherwise SQLite in `<dataDir>/oj.db` (WAL, foreign keys on). */
export async function openDatabase(opts: {
  databaseUrl: string;
  dataDir: string;
  onConnectionError?: (err: Error) => void;
}): Promise<Db> {
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
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  mkdirSync(opts.dataDir, { recursive: true });
  const sqlite = new SQLite(join(opts.dataDir, 'oj.db'));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}
