import type { Generated, Selectable } from 'kysely';
import { tableSet } from '../../db/scoped';

export interface ProblemsTable {
  id: number;
  chinese_name: string;
  english_name: string;
  description: string;
  difficulty: number;
  tags: string; // JSON array of tag ids
  source_name: string;
  time_limit: number; // ms
  memory_limit: number; // MiB
  samples: string; // JSON [{input, output}]
  checker: string; // JSON CheckerInput
  tests: string; // JSON [{input, output, input_size, output_size}] (sha256 of each file)
  test_case_num: number;
  visible: number;
  /** 013_judge: 1 = judging stops at the first failed test, 0 = every test runs. */
  stop_at_first_failure: Generated<number>;
  /** 021_test_visibility: what solvers see of each judged test ('samples' | 'all' | 'verdict'). */
  test_visibility: Generated<string>;
  /** 021_test_visibility: the admin who created the problem (sees every test's details); null = unknown. */
  author_id: Generated<number | null>;
  /** 024_output_limit: bytes a test's output may reach (OLE beyond), 64 MiB by default. */
  output_limit: Generated<number>;
  /** 026_languages: the languages it accepts (JSON array); null = every available one. */
  languages: Generated<string | null>;
  /** 027_problem_types: JSON ProblemJudging (type, file I/O, grader, scoring); null = traditional. */
  judging: Generated<string | null>;
  submit_num: number;
  accept_num: number;
  is_delete: number;
  create_time: string;
  update_time: string;
}

export interface ProblemTagsTable {
  problem_id: number;
  tag_id: number;
}

export interface UserProblemStatusTable {
  user_id: number;
  problem_id: number;
  solved: number;
}

export interface DailyProblemsTable {
  date: string;
  problem_id: number;
  create_time: string;
}

export interface ProblemLastTable {
  user_id: number;
  problem_id: number;
  language: string | null;
  update_time: string;
}

export type ProblemRow = Selectable<ProblemsTable>;

/** The tables of this module: only it reads or writes them (db/scoped.ts, docs/architecture.md). */
export interface ProblemsTables {
  problems: ProblemsTable;
  problem_tags: ProblemTagsTable;
  user_problem_status: UserProblemStatusTable;
  daily_problems: DailyProblemsTable;
  problem_last: ProblemLastTable;
}
export const PROBLEMS_TABLES = tableSet<ProblemsTables>()([
  'problems',
  'problem_tags',
  'user_problem_status',
  'daily_problems',
  'problem_last',
]);
