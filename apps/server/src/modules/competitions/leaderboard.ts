import type { JoinRecord, JoinsQuery, Page, TopUser } from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import type { Contests } from './deps';
import { keyOf } from './live';
import { historyOf, participantCounts } from './participants-repo';
import { oiHidesFrom } from './present';
import { problemCounts } from './repo';

/** SPEC §3 competition participation records, newest first; pageNum 0 = all (the chart). */
export async function contestHistory(d: Contests, viewer: Viewer, q: JoinsQuery): Promise<JoinRecord[]> {
  const uid = q.uuid ?? viewer.uuid;
  const { total, rows } = await historyOf(d.db, uid, q.pageNum);
  const ids = rows.map((r) => r.id);
  const joins = await participantCounts(d.db, ids);
  const problems = await problemCounts(d.db, ids);
  const out: JoinRecord[] = [];
  for (const r of rows) {
    let rank = r.rank;
    let ac = r.solved;
    // A running contest: from the live board (frozen view for others' eyes, as the board shows).
    if (rank === null) {
      const board = await d.boards.get(r.id);
      const frozen = Boolean(board?.sb.isFrozen) && uid !== viewer.uuid;
      // A running OI contest tells nothing of anyone's results (the participant's own included).
      const hidden = board !== null && oiHidesFrom(viewer, board.contest);
      // A team contest: the team's row.
      const key = board ? keyOf(board, uid) : uid;
      rank = hidden ? null : (board?.sb.rankOf(key, { frozen }) ?? null);
      ac = hidden ? 0 : (board?.sb.standing(key, { frozen })?.totals.solved ?? ac);
    }
    out.push({
      competition_id: r.id,
      competition_name: r.name,
      start_time: r.start_time,
      rank,
      rating_after: r.rating_after,
      rating_change: r.rating_change,
      ac_num: ac,
      total_num: problems.get(r.id) ?? 0,
      joins: joins.get(r.id) ?? 0,
      total,
    });
  }
  return out;
}

/** The rating ranking (`/competition/rank`): the users module's, over its rated test. */
export const ratingPage = (d: Contests, pageNum: number, pageSize: number): Promise<Page<TopUser>> =>
  d.users.ratedPage(pageNum, pageSize);

/** The ten best rated users. */
export const topUsers = async (d: Contests): Promise<TopUser[]> => (await d.users.ratedPage(1, 10)).records;
