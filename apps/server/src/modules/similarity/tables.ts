import type { Generated, Selectable } from 'kysely';
import { tableSet } from '../../db/scoped';

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

export type SimilarityRunRow = Selectable<SimilarityRunsTable>;

export type SimilarityPairRow = Selectable<SimilarityPairsTable>;

/** The tables of this module: only it reads or writes them (db/scoped.ts, docs/architecture.md). */
export interface SimilarityTables {
  similarity_runs: SimilarityRunsTable;
  similarity_pairs: SimilarityPairsTable;
}
export const SIMILARITY_TABLES = tableSet<SimilarityTables>()(['similarity_runs', 'similarity_pairs']);
