import type { Generated, Selectable } from 'kysely';
import { tableSet } from '../../db/scoped';

export interface SubmissionsTable {
  id: Generated<number>;
  problem_id: number;
  user_id: number;
  language: string;
  /** 026_languages: C / C++ standard and O2 switch as JSON `{std, o2}`; null = the defaults. */
  language_options: string | null;
  source_code: string;
  code_length: number;
  status: string;
  time_used: number;
  memory_used: number;
  compile_message: string;
  message: string;
  test_results: string; // JSON TestResultView[]
  test_total: number;
  judge_version: number;
  competition_id: number | null;
  problem_index: number | null;
  local_date: string;
  create_time: string;
  judge_time: string | null;
  /** 021_test_visibility: sha256 of the problem's test list it was judged against; null = unknown. */
  tests_key: Generated<string | null>;
  /** 026_languages: the compiler's version and command as judged; '' until judged. */
  compiler: Generated<string>;
  /** 027_problem_types: points earned and the most it could earn (scored problems); null otherwise. */
  score: Generated<number | null>;
  full_score: Generated<number | null>;
  /** 027_problem_types: JSON StoredSubtask[] as judged; '[]' for none. */
  subtasks: Generated<string>;
  /** 027_problem_types: an output-only submission's answers, JSON `[{test, content}]`; null for programs. */
  answers: Generated<string | null>;
  /**
   * 031_virtual_window: '' a contest try (or no contest), 'virtual' a try of a virtual run,
   * 'practice' a try after the contest's end (ContestMode in @oj/shared).
   */
  contest_mode: Generated<string>;
}

export type SubmissionRow = Selectable<SubmissionsTable>;

/** The tables of this module: only it reads or writes them (db/scoped.ts, docs/architecture.md). */
export interface SubmissionsTables {
  submissions: SubmissionsTable;
}
export const SUBMISSIONS_TABLES = tableSet<SubmissionsTables>()(['submissions']);
