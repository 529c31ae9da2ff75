import { badRequest } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { dueRatingWork, freshFinals, rerate, type RerateOptions } from './apply-rating';
import type { CompetitionRow } from '../../db/types';
import { type Contests, contestChanged, ContestType } from './deps';
import { finalizeContest } from './finalize';
import { freezeContest, unfreezeContest } from './freeze';
import { stateOf } from './present';
import { contestRow, listedProblemIds } from './repo';

/**
 * The bank's public counters of a contest's problems hide accepted tries behind a freeze: they
 * follow when a freeze is set, lifted, moved (new times) or its contest deleted. Math and 408
 * contests: the hidden problems behind their programming questions.
 */
export async function recountProblems(c: Contests, contest: CompetitionRow): Promise<void> {
  const listed = await listedProblemIds(c, contest.id);
  if (contest.type === ContestType.Programming || !listed.length)
    return c.submissions.recountProblems(listed);
  await c.submissions.recountProblems(await c.math408.problemIdsOf(listed));
}

/** Recomputes the rating chain from a contest; boards showing changed ratings are reloaded. */
export async function rerateFrom(c: Contests, id: number, opts: RerateOptions = {}): Promise<number> {
  const done = await rerate(c.db, id, opts);
  for (const contest of done.touched) contestChanged(c, contest); // ratings shown on the boards changed
  return done.rated;
}

/** Ended contests get their final ranks stored, then the oldest due rating work is done. */
export async function finishEnded(c: Contests): Promise<number> {
  const ended = await c.db
    .selectFrom('competitions')
    .select('id')
    .where('is_delete', '=', 0)
    .where('end_time', '<=', nowIso())
    .where('finalized', '=', 0)
    .execute();
  let n = 0;
  for (const { id } of ended) {
    const board = await c.boards.fresh(id);
    if (!board) continue;
    await finalizeContest(c.db, board);
    n++;
  }
  // The oldest due contest: recomputing the chain from it covers every later one.
  const [due] = await dueRatingWork(c.db);
  if (due) await rerateFrom(c, due.id, { onlyIfUnapplied: !due.rating_applied });
  return n;
}

export async function freeze(c: Contests, id: number, minutes: number | undefined): Promise<void> {
  const contest = await contestRow(c, id);
  if (
    minutes !== undefined &&
    minutes * 60_000 > Date.parse(contest.end_time) - Date.parse(contest.start_time)
  )
    throw badRequest('封榜时长不能超过比赛时长', 'minutes');
  if (minutes === undefined && contest.freeze_minutes <= 0)
    throw badRequest('该比赛没有设置封榜时长，请填写封榜时长', 'minutes');
  await freezeContest(c.db, c.boards, id, minutes);
  // Announced first: the counters below are recounted under the new freeze (freeze-rule.ts).
  c.bus.emit('contest.changed', { competition_id: id });
  await recountProblems(c, contest);
}

export async function unfreeze(c: Contests, id: number): Promise<void> {
  const contest = await contestRow(c, id);
  await unfreezeContest(c.db, c.boards, id);
  c.bus.emit('contest.changed', { competition_id: id });
  await recountProblems(c, contest);
}

export async function setRated(c: Contests, id: number, rated: boolean): Promise<void> {
  const contest = await contestRow(c, id);
  await c.db
    .updateTable('competitions')
    .set({ rated: rated ? 1 : 0, update_time: nowIso() })
    .where('id', '=', id)
    .execute();
  contestChanged(c, id);
  // Unrated: its changes go, later contests are recomputed; rated: applied (in chain order).
  if (!rated && contest.rating_applied) await rerateFrom(c, id);
  if (rated && stateOf(contest) === 'ended') await finishEnded(c);
}

/**
 * Recomputes the ratings of this contest and every rated contest that ended after it, from
 * their current submissions (after a rejudge, say): exact, idempotent (apply-rating.ts).
 */
export async function recomputeRating(c: Contests, id: number): Promise<number> {
  const contest = await contestRow(c, id);
  if (!contest.rated) throw badRequest('该比赛不计算积分');
  if (stateOf(contest) !== 'ended') throw badRequest('比赛尚未结束，不能计算积分');
  return rerateFrom(c, id, { finals: await freshFinals(c.db, c.boards, id) });
}
