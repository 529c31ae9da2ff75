import { type Kysely, type Migration, type MigrationProvider, Migrator, type QueryExecutorProvider, sql } from 'kysely';
import type { DialectName } from './kysely';
import * as m001 from './migrations/001_accounts';
import * as m002 from './migrations/002_problems';
import * as m003 from './migrations/003_competitions';
import * as m004 from './migrations/004_math408_admin';
import * as m005 from './migrations/005_unrated_users';
import * as m006 from './migrations/006_card_views';
import * as m007 from './migrations/007_outbox';
import * as m008 from './migrations/008_forum';
import * as m009 from './migrations/009_community';
import * as m010 from './migrations/010_courses';
import * as m011 from './migrations/011_payments';
import * as m012 from './migrations/012_search';
import * as m013 from './migrations/013_judge';
import * as m014 from './migrations/014_announcements';
import * as m015 from './migrations/015_code_replay';
import * as m016 from './migrations/016_social';
import * as m017 from './migrations/017_contest_extras';
import * as m019 from './migrations/019_contest_titles';
import * as m020 from './migrations/020_payment_hardening';
import * as m021 from './migrations/021_test_visibility';
import * as m022 from './migrations/022_solution_locks';
import * as m023 from './migrations/023_import_jobs';
import * as m024 from './migrations/024_output_limit';
import * as m025 from './migrations/025_jury';
import * as m026 from './migrations/026_languages';
import * as m027 from './migrations/027_problem_types';
import * as m028 from './migrations/028_contest_rules';
import * as m029 from './migrations/029_exam_onsite';
import * as m030 from './migrations/030_rejudge_sets';
import * as m031 from './migrations/031_virtual_window';
import * as m032 from './migrations/032_teams';
import * as m033 from './migrations/033_classes';
import * as m034 from './migrations/034_problem_lists';
import * as m035 from './migrations/035_homework';
import * as m036 from './migrations/036_class_problems';
import * as m037 from './migrations/037_class_contests';
import * as m038 from './migrations/038_hide_tags';
import * as m039 from './migrations/039_math408_practice';
import * as m040 from './migrations/040_show_classes';
import * as m041 from './migrations/041_homework_questions';
import * as m042 from './migrations/042_nodes';
import * as m043 from './migrations/043_install_secrets';
import * as m044 from './migrations/044_search_hidden';
import * as m045 from './migrations/045_search_kind_indexes';

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
  '006_card_views': m006,
  '007_outbox': m007,
  '008_forum': m008,
  '009_community': m009,
  '010_courses': m010,
  '011_payments': m011,
  '012_search': m012,
  '013_judge': m013,
  '014_announcements': m014,
  '015_code_replay': m015,
  '016_social': m016,
  '017_contest_extras': m017,
  '019_contest_titles': m019,
  '020_payment_hardening': m020,
  '021_test_visibility': m021,
  '022_solution_locks': m022,
  '023_import_jobs': m023,
  '024_output_limit': m024,
  '025_jury': m025,
  '026_languages': m026,
  '027_problem_types': m027,
  '028_contest_rules': m028,
  '029_exam_onsite': m029,
  '030_rejudge_sets': m030,
  '031_virtual_window': m031,
  '032_teams': m032,
  '033_classes': m033,
  '034_problem_lists': m034,
  '035_homework': m035,
  '036_class_problems': m036,
  '037_class_contests': m037,
  '038_hide_tags': m038,
  '039_math408_practice': m039,
  '040_show_classes': m040,
  '041_homework_questions': m041,
  '042_nodes': m042,
  '043_install_secrets': m043,
  '044_search_hidden': m044,
  '045_search_kind_indexes': m045,
};

// Modules are built side by side and land in any order: an install that already ran 011 must still
// run 009 when it arrives (each migration touches only its own tables).
export async function migrate(db: Kysely<unknown>, dialect: DialectName): Promise<string[]> {
  const ctx: MigrationContext = { dialect, id: dialect === 'postgres' ? 'serial' : 'integer' };
  const provider: MigrationProvider = {
    async getMigrations() {
      const out: Record<string, Migration> = {};
      for (const [name, mod] of Object.entries(MIGRATIONS)) out[name] = { up: (d) => mod.up(d, ctx) };
      return out;
    },
  };
  const { error, results } = await new Migrator({
    db,
    provider,
    allowUnorderedMigrations: true,
  }).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * How many of this code's migrations the database has not recorded as applied (0: up to date).
 * Readiness fails while it is not 0: a migration is running (its rows commit at its end) or this
 * node runs newer code than the database. Reads Kysely's own bookkeeping table.
 */
export async function pendingMigrations(db: QueryExecutorProvider): Promise<number> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  const applied = new Set(rows.map((r) => r.name));
  return Object.keys(MIGRATIONS).filter((name) => !applied.has(name)).length;
}
