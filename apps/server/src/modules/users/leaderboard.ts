import type { Page, TopUser } from '@oj/shared';
import type { UsersDeps } from './deps';
import * as repo from './repo';

/**
 * The rating ranking (`/competition/rank`): everyone with a rated contest, best first. The rated
 * test and each user's count of rated contests are the contests' (rated.ts), embedded in the two
 * statements (count and page) like before.
 */
export async function ratedPage(
  d: Pick<UsersDeps, 'db' | 'contests'>,
  pageNum: number,
  pageSize: number,
): Promise<Page<TopUser>> {
  const [total, rows] = await Promise.all([
    repo.ratedTotal(d.db, d.contests),
    repo.ratedRows(d.db, d.contests, pageSize, (pageNum - 1) * pageSize),
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
    total,
    pageNum,
    pageSize,
  };
}
