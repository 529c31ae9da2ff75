import type { Generated, Selectable } from 'kysely';
import { tableSet } from '../../db/scoped';

/** One jury solution and its latest run (025_jury). */
export interface JurySolutionsTable {
  id: Generated<number>;
  problem_id: number;
  name: string;
  language: string;
  source: string;
  /** JSON array of the verdicts that agree (EXPECTABLE_VERDICTS). */
  expected: string;
  /** 'import' | 'admin'. */
  origin: string;
  /** Runs queued so far: a result carries the version it was queued with (older ones are ignored). */
  run_version: Generated<number>;
  /** null: never run; PD: queued. */
  run_status: string | null;
  run_time_ms: Generated<number>;
  run_memory_kib: Generated<number>;
  /** JSON [{index, status, time_ms, memory_kib, message}]. */
  run_tests: Generated<string>;
  run_compile_message: Generated<string>;
  run_message: Generated<string>;
  /** What the run judged against (tests, checker, limits), hashed: another key = stale. */
  spec_key: string | null;
  judged_at: string | null;
  create_time: string;
  update_time: string;
}

/** A problem's input validator (one per problem). */
export interface JuryValidatorsTable {
  problem_id: number;
  language: string;
  source: string;
  /** 'testlib' (exit 0 = valid) | 'kattis' (exit 42 = valid). */
  protocol: string;
  /** JSON [{name, content}]: files compiled beside it (an own testlib.h). */
  files: string;
  update_time: string;
}

export type JurySolutionRow = Selectable<JurySolutionsTable>;
export type JuryValidatorRow = Selectable<JuryValidatorsTable>;

/** The tables of this module: only it reads or writes them (db/scoped.ts, docs/architecture.md). */
export interface JuryTables {
  jury_solutions: JurySolutionsTable;
  jury_validators: JuryValidatorsTable;
}
export const JURY_TABLES = tableSet<JuryTables>()(['jury_solutions', 'jury_validators']);
