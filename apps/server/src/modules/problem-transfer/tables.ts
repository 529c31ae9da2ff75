import type { Generated, Selectable } from 'kysely';
import { tableSet } from '../../db/scoped';

/** 023_import_jobs: one problem import (modules/problem-transfer, jobs.ts). */
export interface ImportJobsTable {
  id: Generated<number>;
  created_by: number;
  file_name: string;
  file_size: number;
  format: string | null;
  /** parsing | storing | done | failed | interrupted (IMPORT_JOB_STATUSES). */
  status: string;
  total: Generated<number>;
  done: Generated<number>;
  /** JSON `[{problem_id, title}]`. */
  imported: string;
  /** JSON array of strings. */
  warnings: string;
  /** JSON `{message, field}`, or null. */
  error: string | null;
  /** The node running it (random per process); its heartbeat tells others it is alive. */
  node: string;
  heartbeat_time: string;
  create_time: string;
  finish_time: string | null;
}

export type ImportJobRow = Selectable<ImportJobsTable>;

/** The tables of this module: only it reads or writes them (db/scoped.ts, docs/architecture.md). */
export interface TransferTables {
  import_jobs: ImportJobsTable;
}
export const PROBLEM_TRANSFER_TABLES = tableSet<TransferTables>()(['import_jobs']);
