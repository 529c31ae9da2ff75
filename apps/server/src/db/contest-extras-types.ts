import type { Generated, Selectable } from 'kysely';

/** The contest extras' tables (017_contest_extras: clarifications, similarity), apart so that types.ts stays readable. */
export interface ContestExtrasTables {
  contest_announcements: ContestAnnouncementsTable;
  contest_clarifications: ContestClarificationsTable;
  contest_clarification_reads: ContestClarificationReadsTable;
  similarity_runs: SimilarityRunsTable;
  similarity_pairs: SimilarityPairsTable;
}

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

export interface SimilarityRunsTable {
  competition_id: number;
  status: 'running' | 'done' | 'failed';
  submissions: number;
  pairs: number;
  duration_ms: number;
  error: string;
  started_time: string;
  finished_time: string | null;
}

export interface SimilarityPairsTable {
  id: Generated<number>;
  competition_id: number;
  problem_index: number;
  language: string;
  left_submission_id: number;
  right_submission_id: number;
  left_user_id: number;
  right_user_id: number;
  score: number;
  left_share: number;
  right_share: number;
  /** JSON SimilarityRegion[]. */
  regions: string;
}

export type ClarificationRow = Selectable<ContestClarificationsTable>;
export type AnnouncementRow = Selectable<ContestAnnouncementsTable>;
export type SimilarityRunRow = Selectable<SimilarityRunsTable>;
export type SimilarityPairRow = Selectable<SimilarityPairsTable>;
