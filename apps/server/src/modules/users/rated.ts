import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types';

/**
 * Whether a user is rated: at least one contest of theirs has an applied rating change. This is the
 * same test the rating engine uses to tell a returning contestant from a new one (counted as 1400),
 * so the sites' "未评级" and the engine never disagree. Derived, not stored: applying and rolling
 * back a contest keep it right without anyone maintaining a flag.
 *
 * `userId` names the column holding the user id in the surrounding query (`users.id`, `u.id`, …);
 * the subquery uses the `competition_participants_user` index.
 */
export const ratedSql = (userId: string) =>
  sql<
    boolean | number
  >`exists (select 1 from competition_participants rated_p where rated_p.user_id = ${sql.ref(userId)} and rated_p.rating_change is not null)`;

/** SQLite answers EXISTS with 0 / 1, PostgreSQL with a boolean. */
export const asRated = (v: boolean | number | string | null | undefined): boolean =>
  v === true || Number(v) === 1;

/**
 * The same test for one user on its own, for a row read without the flag (the session's): one
 * probe of the `competition_participants_user` index, stopping at the first applied contest.
 */
export async function isRated(db: Kysely<Database>, userId: number): Promise<boolean> {
  const hit = await db
    .selectFrom('competition_participants')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('rating_change', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  return hit !== undefined;
}
