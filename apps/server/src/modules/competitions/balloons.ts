import type { BalloonList } from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import { badRequest } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import type { Contests } from './deps';
import { contestRow, type Db } from './repo';

/**
 * The balloon page (issue 26 part 5): every team's first accepted try of each problem, newest
 * first, from the true (unfrozen) board, so staff deliver balloons during a freeze too. The
 * balloons are derived from the board; only their delivery is stored (competition_balloons), so a
 * rejudge that takes an AC away takes its balloon off the list as well.
 */
export async function balloonList(d: Contests, id: number): Promise<BalloonList> {
  const contest = await contestRow(d.db, id);
  const board = (await d.boards.fresh(id))!;
  const view = { frozen: false };
  const delivered = new Map(
    (await deliveries(d.db, id)).map((r) => [`${r.user_id}:${r.problem_idx}`, r.delivered_at]),
  );
  const firsts = board.problems.map((_, i) => board.sb.firstSolver(view, i));
  const items: (BalloonList['items'][number] & { atMs: number })[] = [];
  for (const { standing } of board.sb.all(view))
    standing.cells.forEach((cell, i) => {
      if (!cell.solved || cell.acMs === null) return;
      const at = delivered.get(`${standing.userId}:${i}`) ?? null;
      items.push({
        uuid: standing.userId,
        username: board.people.get(standing.userId)?.username ?? '',
        index: i,
        display_name: board.problems[i].display_name,
        solved_at: new Date(board.startMs + cell.acMs).toISOString(),
        first: firsts[i] === standing.userId,
        delivered: at !== null,
        delivered_at: at,
        atMs: cell.acMs,
      });
    });
  items.sort((a, b) => b.atMs - a.atMs || a.index - b.index || a.uuid - b.uuid);
  return {
    competition_id: id,
    name: contest.name,
    problems: board.problems.map((p) => ({ index: p.idx, display_name: p.display_name })),
    items: items.map(({ atMs: _, ...item }) => item),
    pending: items.filter((b) => !b.delivered).length,
  };
}

/** Ticks a balloon off as delivered (or undoes it). Only a balloon the board has can be ticked. */
export async function deliverBalloon(
  d: Contests,
  viewer: Viewer,
  q: { competition_id: number; uuid: number; index: number; delivered: number },
): Promise<void> {
  await contestRow(d.db, q.competition_id);
  const board = (await d.boards.fresh(q.competition_id))!;
  const cell = board.sb.standing(q.uuid, { frozen: false })?.cells[q.index];
  if (!cell?.solved) throw badRequest('该选手尚未通过这道题，没有要送的气球', 'index');
  const key = { competition_id: q.competition_id, user_id: q.uuid, problem_idx: q.index };
  await d.db
    .deleteFrom('competition_balloons')
    .where('competition_id', '=', key.competition_id)
    .where('user_id', '=', key.user_id)
    .where('problem_idx', '=', key.problem_idx)
    .execute();
  if (q.delivered)
    await d.db
      .insertInto('competition_balloons')
      .values({ ...key, delivered_by: viewer.uuid, delivered_at: nowIso() })
      .execute();
}

const deliveries = (db: Db, id: number) =>
  db
    .selectFrom('competition_balloons')
    .select(['user_id', 'problem_idx', 'delivered_at'])
    .where('competition_id', '=', id)
    .execute();
