import type { AliasableExpression, Expression, SqlBool } from 'kysely';

/**
 * What the users ask of the contests: whether a user is rated, i.e. has at least one contest with
 * an applied rating change. This is the same test the rating engine uses to tell a returning
 * contestant from a new one (counted as 1400), so the sites' "未评级" and the engine never
 * disagree. The contests module writes it over its own table (competitions/contest-rules.ts,
 * `createUserContests`, built before the users) and the users embed it in their own statements:
 * the briefs of every list, a presented user, the rating ranking stay one statement each. It is
 * the one read of another module's table by the users (docs/architecture.md).
 */
export interface UserContests {
  /** EXISTS over the user whose id is `userId`, a column of the embedding statement. */
  rated(userId: Expression<number>): AliasableExpression<SqlBool>;
  /** How many applied rated contests that user has (a scalar subquery). */
  ratedCount(userId: Expression<number>): AliasableExpression<number | string | bigint>;
  /** The same test for one user on its own (a row read without the flag: the session's). */
  isRated(userId: number): Promise<boolean>;
}

/** SQLite answers EXISTS with 0 / 1, PostgreSQL with a boolean. */
export const asRated = (v: boolean | number | string | null | undefined): boolean =>
  v === true || Number(v) === 1;
