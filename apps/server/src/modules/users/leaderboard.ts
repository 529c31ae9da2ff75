import type { Page, TopUser } from '@oj/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';

/**
 * Users with a rated contest: the rated test of rated.ts (a read of `competition_participants`,
 * the one listed exception, docs/architecture.md) beside the sort by rating, in one statement.
 */
const rated = (db: Kysely<Database>) =>
  db
    .selectFrom('users as u')
    .where('u.is_delete', '=', 0)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('competition_participants as p')
          .select('p.user_id')
          .whereRef('p.user_id', '=', 'u.id')
          .where('p.rating_change', 'is not', null),
      ),
    );

/** The rating ranking (`/competition/rank`): everyone with a rated contest, best first. */
export async function ratedPage(
  db: Kysely<Database>,
  pageNum: number,
  pageSize: number,
): Promise<Page<TopUser>> {
  const [total, rows] = await Promise.all([
    rated(db)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow(),
    rated(db)
      .select((eb) => [
        'u.id',
        'u.username',
        'u.avatar',
        'u.rating',
        eb
          .selectFrom('competition_participants as p')
          .select((e) => e.fn.countAll().as('c'))
          .whereRef('p.user_id', '=', 'u.id')
          .where('p.rating_change', 'is not', null)
          .as('n'),
      ])
      .orderBy('u.rating', 'desc')
      .orderBy('u.id')
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute(),
  ]);
  return {
    records: rows.map((r) => ({
      uuid: r.id,
      username: r.username,
      avatar: r.avatar,
      rating: r.rating,
      rated: true, // the query keeps rated users only
      contests: Number(r.n),
    })),
    total: Number(total.n),
    pageNum,
    pageSize,
  };
}
