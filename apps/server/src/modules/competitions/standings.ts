import { COMPETITION_LIMITS, type RankPage, type RankQuery } from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import { forbidden, notFound } from '../../lib/errors';
import { can } from '../../lib/permissions';
import { checkMaySeeClassContest } from './class-rule';
import { type Contests, pageOf } from './deps';
import { keyOf } from './live';
import { isFrozenNow, oiHidesFrom, presentRankRow } from './present';
import { ruleOf } from './scoring-rule';
import { virtualRankPage, virtualView } from './virtual';

/** A page of the live ranking as the viewer may see it (frozen for others during a freeze). */
export async function rankPage(d: Contests, viewer: Viewer, q: RankQuery): Promise<RankPage> {
  const board = await d.boards.fresh(q.competition_id);
  if (!board) throw notFound(`比赛 ${q.competition_id} 不存在`);
  // A class contest's board: its participants and its classes' members (class-rule.ts).
  await checkMaySeeClassContest(d, viewer, board.contest);
  // A virtual runner sees the real board as it stood at their elapsed time, with their own row.
  const virtual = await virtualView(d, viewer, board);
  if (virtual) return virtualRankPage(virtual, viewer, q);
  const rule = ruleOf(board.contest);
  const problems = board.problems.map((p) => ({ index: p.idx, display_name: p.display_name }));
  // A running OI contest: no rows, no scores for participants until the end.
  if (oiHidesFrom(viewer, board.contest))
    return {
      records: [],
      total: board.sb.size,
      pageNum: 1,
      pageSize: q.pageSize ?? COMPETITION_LIMITS.rankPageSize,
      problems,
      frozen: false,
      mine: null,
      version: 0,
      rule,
      hidden: true,
    };
  const mayUnfreeze = can(viewer, { action: 'contest.viewUnfrozen' });
  if (q.status === 1 && !mayUnfreeze) throw forbidden('真实排名（封榜期间）仅管理员可见');
  // Others see the frozen board; admins see it too unless they ask for the truth (status=1),
  // so an admin can check what the contestants see.
  const frozen = board.sb.isFrozen && q.status !== 1;
  const pageNum = pageOf(q);
  const pageSize = q.pageSize ?? COMPETITION_LIMITS.rankPageSize;
  // The viewer's row: their team's in a team contest.
  const me = keyOf(board, viewer.uuid);
  const own = (uid: number, fallback: ReturnType<typeof presentRankRow>) => {
    // Participants always see their own (their team's) true results.
    if (!frozen || uid !== me) return fallback;
    const s = board.sb.standing(uid, { frozen: false })!;
    return { ...presentRankRow(board, s, fallback.rank, { frozen: false }) };
  };
  const records = board.sb
    .page({ frozen }, (pageNum - 1) * pageSize, pageSize)
    .map(({ standing, rank }) => own(standing.userId, presentRankRow(board, standing, rank, { frozen })));
  const myStanding = board.sb.standing(me, { frozen });
  const mine = myStanding
    ? own(me, presentRankRow(board, myStanding, board.sb.rankOf(me, { frozen })!, { frozen }))
    : null;
  return {
    records,
    total: board.sb.size,
    pageNum,
    pageSize,
    problems,
    // Whether the freeze has begun (the frozen view equals the true one before that).
    frozen: frozen && isFrozenNow(board.contest),
    mine,
    version: board.sb.version,
    rule,
    hidden: false,
  };
}
