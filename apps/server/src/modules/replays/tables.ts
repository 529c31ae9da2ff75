import type { Generated, Selectable } from 'kysely';
import { tableSet } from '../../db/scoped';

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

/** The tables of this module: only it reads or writes them (db/scoped.ts, docs/architecture.md). */
export interface ReplaysTables {
  code_replays: CodeReplaysTable;
}
export const REPLAYS_TABLES = tableSet<ReplaysTables>()(['code_replays']);
