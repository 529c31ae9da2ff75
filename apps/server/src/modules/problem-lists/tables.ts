import type { Generated, Selectable } from 'kysely';
import { tableSet } from '../../db/scoped';

/** A problem list (题单, 034_problem_lists): its owner, title, markdown description, public or private. */
export interface ProblemListsTable {
  id: Generated<number>;
  owner_id: number;
  title: string;
  description: Generated<string>;
  /** 1 public (the square, anyone), 0 private (its owner only). */
  public: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** One bank problem of a list, at its 0-based position, with the owner's note. */
export interface ProblemListItemsTable {
  list_id: number;
  position: number;
  problem_id: number;
  note: Generated<string>;
}

/** A list a user favourited (收藏). */
export interface ProblemListFavouritesTable {
  user_id: number;
  list_id: number;
  created_at: string;
}

/** A bank problem a user starred (收藏). */
export interface ProblemFavouritesTable {
  user_id: number;
  problem_id: number;
  created_at: string;
}

export type ProblemListRow = Selectable<ProblemListsTable>;
export type ProblemListItemRow = Selectable<ProblemListItemsTable>;

/** The tables of this module: only it reads or writes them (db/scoped.ts, docs/architecture.md). */
export interface ProblemListsTables {
  problem_lists: ProblemListsTable;
  problem_list_items: ProblemListItemsTable;
  problem_list_favourites: ProblemListFavouritesTable;
  problem_favourites: ProblemFavouritesTable;
}
export const PROBLEM_LISTS_TABLES = tableSet<ProblemListsTables>()([
  'problem_lists',
  'problem_list_items',
  'problem_list_favourites',
  'problem_favourites',
]);
