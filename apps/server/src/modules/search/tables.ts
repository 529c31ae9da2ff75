import type { Generated } from 'kysely';
import { tableSet } from '../../db/scoped';

/**
 * One indexed item of the aggregate search. The text is in `search_fts` (SQLite FTS5, rowid = id)
 * or in the `tsv` column (PostgreSQL), both reached with raw SQL by modules/search/repo.ts.
 */
export interface SearchDocsTable {
  id: Generated<number>;
  kind: string;
  doc_id: number;
  problem_id: number | null; // hidden with that problem
  members_of: number | null; // course id: members (and admins) only
  solution_of: number | null; // a solution's problem: hidden while the forum locks its solutions
  material_of: number | null; // a solution's or Q&A's problem: hidden while a contest locks it (022)
  hidden: Generated<number>; // 1 while problem_id is hidden (044): kept by the indexing, read by every search
  author_id: number | null; // `user:alice`
  exact: string | null; // lower-case account or name: an exact keyword puts the item first
  difficulty: number | null;
  source: string | null;
  update_time: string;
}

/** The tables of this module: only it reads or writes them (db/scoped.ts, docs/architecture.md). */
export interface SearchTables {
  search_docs: SearchDocsTable;
}
export const SEARCH_TABLES = tableSet<SearchTables>()(['search_docs']);
