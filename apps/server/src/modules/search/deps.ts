import type { SearchKind } from '@oj/shared';
import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/kysely';
import type { IdSubquery } from '../../db/scoped';
import type { Viewer } from '../../lib/auth';
import type { Outbox } from '../../lib/outbox';
import type { SolutionGate } from '../forum';
import type { SearchTables } from './tables';

/** What the search uses, handed over by the composition root. */
export interface SearchDeps {
  /** Its own table only (db/scoped.ts); the FTS5 table is reached with raw SQL in repo.ts. */
  db: Kysely<SearchTables>;
  dialect: DialectName;
  outbox: Pick<Outbox, 'consume'>;
  /** problems.hiddenIds(): the problems module's subquery of the hidden problems' ids. */
  hiddenProblems: () => IdSubquery;
  /** The forum's gate of solution material: what a running contest or a policy keeps from a viewer. */
  solutions: SolutionGate;
  /** users.byAccount(account)?.id, for `user:alice`. */
  userIdByAccount: (account: string) => Promise<number | undefined>;
  /** users.briefs(ids): authors' names on records. */
  briefs: (ids: number[]) => Promise<Map<number, unknown>>;
  onError: (err: unknown, what: string) => void;
  /**
   * The kinds that are searchable, each read from its owner (sources.ts): each also makes the
   * search the consumer of the outbox topic of its name.
   */
  sources: Partial<Record<SearchKind, SearchSource>>;
  /** Which courses' members-only content a viewer may see (the courses module). */
  membership: (viewer: Viewer) => Promise<number[]>;
}

/** The dependencies and the searchable kinds, each with its source (in the order given). */
export type Search = SearchDeps & { kinds: Map<string, SearchSource> };

/** The handle and its dialect: what the index's statements need (repo.ts). */
export type IndexDb = Pick<SearchDeps, 'db' | 'dialect'>;

/**
 * What a kind gives the search (issue 14): its items' current state by id, and every id for a
 * rebuild. The search index stores the text and the visibility columns; results are re-read
 * through `load` so a record always shows what the item is now.
 */
export interface SearchSource {
  /** Current state of these ids (missing or `searchable: false` → removed from the index). */
  load(ids: number[]): Promise<SearchDoc[]>;
  /** Every id, in batches (for `npm run search:reindex`). */
  allIds(): AsyncIterable<number[]>;
}

export interface SearchDoc {
  id: number;
  title: string;
  body: string;
  searchable: boolean;
  /** Extra short names matched by pinyin and initials; the first is also an exact name (an account). */
  names?: string[];
  /** Tag names (`tag:动态规划`). */
  tags?: string[];
  visibility?: SearchVisibility;
  /** Filter columns. */
  filter?: { author_id?: number; difficulty?: number; source?: string };
  /** The kind's own fields in results (author, thumbs, difficulty, tags…). */
  fields: Record<string, unknown>;
}

export interface SearchVisibility {
  /** The problem the item is about (a post's problem, a problem itself): hidden with that problem. */
  problem_id?: number | null;
  /** Course content: only that course's members (and admins) see it. */
  members_of?: number | null;
  /** A solution of this problem: hidden from those the forum keeps its solutions from (after-AC policy). */
  solution_of?: number | null;
  /**
   * A solution or Q&A of this problem: hidden from those a running contest keeps its solution
   * material from (an official contest: everyone but admins; a user's contest: its participants).
   */
  material_of?: number | null;
}

export type { SearchKind };

/** Batches of ids for `allIds` from a page reader (`after` = last id of the previous batch). */
export async function* batches(read: (after: number, limit: number) => Promise<number[]>, size = 500) {
  let after = 0;
  for (;;) {
    const ids = await read(after, size);
    if (!ids.length) return;
    yield ids;
    after = ids[ids.length - 1];
    if (ids.length < size) return;
  }
}
