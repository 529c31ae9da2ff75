import type { Generated, Selectable } from 'kysely';

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

// The table joins the database's type here (module augmentation), keeping types.ts under its size limit.
declare module './types' {
  interface Database {
    import_jobs: ImportJobsTable;
  }
}
