import { COMPETITION_LIMITS, type JoinRecord, type JoinsQuery } from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import { nowIso } from '../../lib/time';
import type { Contests } from './deps';
import { countPerContest } from './repo';

/** SPEC §3 competition participation records, newest first; pageNum 0 = all (the chart). */
export async function contestHistory(c: Contests, viewer: Viewer, q: JoinsQuery): Promise<JoinRecord[]> {
  const uid = q.uuid ?? viewer.uuid;
  const base = c.db
    .selectFrom('competition_participants as p')
    .innerJoin('competitions as c', 'c.id', 'p.competition_id')
    .where('p.user_id', '=', uid)
    .where('c.is_delete', '=', 0)
    .where('c.start_time', '<=', nowIso());
  const total = Number((await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  let query = base
    .select([
      'c.id',
      'c.name',
      'c.start_time',
      'c.end_time',
      'p.rank',
      'p.rating_after',
      'p.rating_change',
      'p.solved',
      'c.freeze_minutes',
      'c.unfrozen',
    ])
    .orderBy('c.start_time', 'desc')
    .orderBy('c.id', 'desc');
  if (q.pageNum > 0)
    query = query
      .limit(COMPETITION_LIMITS.joinsPageSize)
      .offset((q.pageNum - 1) * COMPETITION_LIMITS.joinsPageSize);
  const rows = await query.execute();
  const ids = rows.map((r) => r.id);
  const joins = await countPerContest(c, 'competition_participants', ids);
  const problems = await countPerContest(c, 'competition_problems', ids);
  const out: JoinRecord[] = [];
  for (const r of rows) {
    let rank = r.rank;
    let ac = r.solved;
    // A running contest: from the live board (frozen view for others' eyes, as the board shows).
    if (rank === null) {
      const board = await c.boards.get(r.id);
      const frozen = Boolean(board?.sb.isFrozen) && uid !== viewer.uuid;
      rank = board?.sb.rankOf(uid, { frozen }) ?? null;
      ac = board?.sb.standing(uid, { frozen })?.totals.solved ?? ac;
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
