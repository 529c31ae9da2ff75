import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Kysely, type Migration, Migrator } from 'kysely';
import { type Db, openDatabase } from '../src/db/kysely';
import type { MigrationContext } from '../src/db/migrate';
import { type Backend, freshPostgresDatabase } from './helpers';

/** Support for migration tests: an install as it was before a migration, then the migration. */

type Cleanups = (() => Promise<void>)[];
type MigrationModule = { up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> };

/** A fresh, empty database of the backend (its own data dir or PostgreSQL database), removed by `cleanups`. */
export async function emptyDatabase(backend: Backend, cleanups: Cleanups): Promise<Db & { dataDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'oj-migration-test-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  let databaseUrl = '';
  if (backend.databaseUrl) {
    const database = await freshPostgresDatabase(backend.databaseUrl);
    cleanups.push(database.drop);
    databaseUrl = database.url;
  }
  const db = await openDatabase({ databaseUrl, dataDir });
  cleanups.push(() => db.close());
  return Object.assign(db, { dataDir });
}

/** Runs only these migrations, by name: the tables an install had before a later migration. */
export async function migrateOnly(db: Db, migrations: Record<string, MigrationModule>): Promise<void> {
  const ctx: MigrationContext = { dialect: db.dialect, id: db.dialect === 'postgres' ? 'serial' : 'integer' };
  const before: Record<string, Migration> = {};
  for (const [name, m] of Object.entries(migrations)) before[name] = { up: (d) => m.up(d, ctx) };
  const { error } = await new Migrator({
    db: db.db as unknown as Kysely<unknown>,
    provider: { getMigrations: async () => before },
  }).migrateToLatest();
  if (error) throw error;
}
