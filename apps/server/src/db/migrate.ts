import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { DialectName } from './kysely';
import * as m001 from './migrations/001_accounts';
import * as m002 from './migrations/002_problems';
import * as m003 from './migrations/003_competitions';
import * as m004 from './migrations/004_math408_admin';
import * as m005 from './migrations/005_unrated_users';

/** What a migration needs to know about the dialect: written once, run on both. */
export interface MigrationContext {
  dialect: DialectName;
  /** Column type of an auto-increment integer primary key. */
  id: 'integer' | 'serial';
}

type MigrationModule = { up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> };

/** Every migration in order. Later modules append their file here (names sort by number). */
const MIGRATIONS: Record<string, MigrationModule> = {
  '001_accounts': m001,
  '002_problems': m002,
  '003_competitions': m003,
  '004_math408_admin': m004,
  '005_unrated_users': m005,
};

export async function migrate(db: Kysely<unknown>, dialect: DialectName): Promise<string[]> {
  const ctx: MigrationContext = { dialect, id: dialect === 'postgres' ? 'serial' : 'integer' };
  const provider: MigrationProvider = {
    async getMigrations() {
      const out: Record<string, Migration> = {};
      for (const [name, mod] of Object.entries(MIGRATIONS)) out[name] = { up: (d) => mod.up(d, ctx) };
      return out;
    },
  };
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
