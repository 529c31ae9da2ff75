import type { Generated, Selectable } from 'kysely';

/** 015_code_replay: one submission's editing timeline, brotli-compressed JSON (modules/replays). */
export interface CodeReplaysTable {
  id: Generated<number>;
  submission_id: number;
  user_id: number;
  problem_id: number;
  language: string;
  duration_ms: number;
  edit_count: number;
  run_count: number;
  /** Size of the timeline as it arrived (JSON). */
  wire_bytes: number;
  data: Buffer;
  shared: number;
  create_time: string;
}
export type CodeReplayRow = Selectable<CodeReplaysTable>;

// The table joins the database's type here (module augmentation), keeping types.ts under its size limit.
declare module './types' {
  interface Database {
    code_replays: CodeReplaysTable;
  }
}
