import type { Kysely, Transaction } from 'kysely';
import type { ForumTables } from './tables';

/**
 * The forum's tables, reached only through its repo files: this one (the handle and transactions),
 * posts-repo.ts (posts, their edits, readings and counters), comments-repo.ts, thumbs-repo.ts and
 * policies-repo.ts (solution policies). Every function takes the handle first; a transaction's
 * `trx` is a handle too.
 */
export type Db = Kysely<ForumTables>;

/**
 * Runs `fn` in one transaction: the operation passes `trx` to the repo functions it calls and to
 * the outbox (`outbox.add(trx, 'post', id)`), so the change and its indexing note commit together.
 */
export function inTransaction<T>(db: Db, fn: (trx: Transaction<ForumTables>) => Promise<T>): Promise<T> {
  return db.transaction().execute(fn);
}
