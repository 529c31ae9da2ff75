import type { Kysely, SelectQueryBuilder } from 'kysely';

/**
 * Table ownership as a type (docs/architecture.md, "Tables belong to one module"). Each module lists
 * its tables in its `tables.ts` (`tableSet<ForumTables>()([...])`, checked against the interface:
 * a table left out or one too many does not compile) and is handed a database typed with those
 * only, so that `selectFrom('users')` in the forum is a type error, not a review comment.
 * `db/ownership.test.ts` checks that every table of a migrated database has exactly one owner.
 */
export interface TableSet<T> {
  readonly names: readonly (keyof T & string)[];
  /** Carries the table types (never set). */
  readonly tables?: T;
}

type Missing<T, N extends readonly PropertyKey[]> = Exclude<keyof T, N[number]>;

export function tableSet<T>() {
  return <const N extends readonly (keyof T & string)[]>(
    names: N & ([Missing<T, N>] extends [never] ? unknown : { missing: Missing<T, N> }),
  ): TableSet<T> => ({ names });
}

/**
 * A module's own view of the database: the same connection (and transactions), typed with its
 * tables only. The cast is the one place where the whole schema narrows to a module's part.
 */
export function scoped<T>(db: Kysely<AnyTables>, tables: TableSet<T>): Kysely<T> {
  void tables;
  return db as unknown as Kysely<T>;
}

/**
 * Any module's database handle or transaction, as another module receives it to write in the same
 * transaction (`users.setRatings(trx, …)`, `outbox.add(trx, …)`): the receiver scopes it to its own
 * tables with `scoped(trx, ITS_TABLES)` and touches nothing else.
 */
export type AnyTx = Kysely<AnyTables>;

/**
 * A subquery of ids that one module writes over its own tables and another embeds in its own
 * statements (`problems.hiddenIds()`, `users.inactiveIds()`, the contests' rated test): the owner
 * keeps the SQL, the reader keeps one statement. Any module's builder is assignable here.
 */
export type IdSubquery = SelectQueryBuilder<AnyTables, AnyTables, { id: number }>;

// `any` on purpose: a handle of any module's tables must be assignable here (Kysely<T> is invariant in T).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyTables = any;
