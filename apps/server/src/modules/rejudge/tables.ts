import type { Generated, Selectable } from 'kysely';
import { tableSet } from '../../db/scoped';

/** A rejudge set (030_rejudge_sets): some submissions of one contest judged again beside their verdicts. */
export interface RejudgeSetsTable {
  id: Generated<number>;
  competition_id: number;
  /** 'submission' | 'problem' | 'contest' (REJUDGE_SCOPES). */
  scope: string;
  /** A problem's set: the problem and its index in the contest; null otherwise. */
  problem_id: number | null;
  problem_index: number | null;
  /** A single submission's set; null otherwise. */
  submission_id: number | null;
  created_by: number;
  /** 'judging' | 'ready' | 'applied' | 'cancelled' (REJUDGE_STATES). */
  state: string;
  reason: Generated<string>;
  created_at: string;
  applied_at: string | null;
  cancelled_at: string | null;
}

/** One submission of a set: as stored when the set was made, and as judged again. */
export interface RejudgeRunsTable {
  set_id: number;
  submission_id: number;
  user_id: number;
  problem_index: number;
  old_status: string;
  old_score: number | null;
  old_time: number;
  old_memory: number;
  new_status: string | null;
  new_score: number | null;
  new_full_score: number | null;
  /** JSON [{subtask, score}] as a board keeps them. */
  new_subtasks: Generated<string>;
  new_time: number | null;
  new_memory: number | null;
  /** JSON [{index, status, time_used, memory_used}]. */
  new_tests: Generated<string>;
  /** The whole JudgeResult (JSON), stored into the submission when the set is applied. */
  result: string | null;
  /** The test list the run was judged against (its key and size), stored with it. */
  tests_key: Generated<string>;
  test_total: Generated<number>;
  judged: Generated<number>;
}

export type RejudgeSetRow = Selectable<RejudgeSetsTable>;
export type RejudgeRunRow = Selectable<RejudgeRunsTable>;

/** The tables of this module: only it reads or writes them (db/scoped.ts, docs/architecture.md). */
export interface RejudgeTables {
  rejudge_sets: RejudgeSetsTable;
  rejudge_runs: RejudgeRunsTable;
}
export const REJUDGE_TABLES = tableSet<RejudgeTables>()(['rejudge_sets', 'rejudge_runs']);
