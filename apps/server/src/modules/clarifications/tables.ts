import type { Generated, Selectable } from 'kysely';
import { tableSet } from '../../db/scoped';

export interface ContestAnnouncementsTable {
  id: Generated<number>;
  competition_id: number;
  author_id: number;
  content: string;
  create_time: string;
}

export interface ContestClarificationsTable {
  id: Generated<number>;
  competition_id: number;
  user_id: number;
  /** 0-based problem index in the contest; null = a question about the whole contest. */
  problem_index: number | null;
  question: string;
  answer: string | null;
  answerer_id: number | null;
  /** 1 = the answer is for every participant, 0 = for the asker only. */
  is_public: number;
  create_time: string;
  answer_time: string | null;
}

export interface ContestClarificationReadsTable {
  competition_id: number;
  user_id: number;
  read_time: string;
}

export type ClarificationRow = Selectable<ContestClarificationsTable>;

export type AnnouncementRow = Selectable<ContestAnnouncementsTable>;

/** The tables of this module: only it reads or writes them (db/scoped.ts, docs/architecture.md). */
export interface ClarificationsTables {
  contest_announcements: ContestAnnouncementsTable;
  contest_clarifications: ContestClarificationsTable;
  contest_clarification_reads: ContestClarificationReadsTable;
}
export const CLARIFICATIONS_TABLES = tableSet<ClarificationsTables>()([
  'contest_announcements',
  'contest_clarifications',
  'contest_clarification_reads',
]);
