import type { Generated, Selectable } from 'kysely';
import { tableSet } from '../../db/scoped';

export interface Math408QuestionsTable {
  id: number;
  type: string;
  difficulty: number;
  tags: string;
  title: string;
  content: string;
  options: string;
  answer: string;
  reference_answer: string | null;
  reference_code: string | null;
  samples: string;
  explanation: string;
  problem_id: number | null;
  create_time: string;
  visible: Generated<number>;
  is_delete: Generated<number>;
  /** null for questions stored before 004_math408_admin. */
  update_time: string | null;
}

export interface Math408QuestionTagsTable {
  question_id: number;
  tag_id: number;
}

export interface Math408RecordsTable {
  id: Generated<number>;
  question_id: number;
  user_id: number;
  answer: string;
  status: string;
  correct: number | null;
  submission_id: number | null;
  create_time: string;
  /** Set when answered inside a math / 408 contest (with the problem's 0-based position). */
  competition_id: number | null;
  problem_index: number | null;
  /** A short answer's mark by its author (right / partial / wrong), null before (039_math408_practice). */
  self_mark: Generated<string | null>;
}

export type Math408QuestionRow = Selectable<Math408QuestionsTable>;

export type Math408RecordRow = Selectable<Math408RecordsTable>;

/** The tables of this module: only it reads or writes them (db/scoped.ts, docs/architecture.md). */
export interface Math408Tables {
  math408_questions: Math408QuestionsTable;
  math408_question_tags: Math408QuestionTagsTable;
  math408_records: Math408RecordsTable;
}
export const MATH408_TABLES = tableSet<Math408Tables>()([
  'math408_questions',
  'math408_question_tags',
  'math408_records',
]);
