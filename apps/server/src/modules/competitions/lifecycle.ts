import { badRequest } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { dueRatingWork, freshFinals, rerate, type RerateOptions } from './apply-rating';
import { type Contests, contestChanged, ContestType } from './deps';
import { finalizeContest } from './finalize';
import { freezeContest, unfreezeContest } from './freeze';
import { stateOf } from './present';
import { contestRow, endedUnfinalizedIds, listedProblemIds, updateContest } from './repo';
import { ruleOf } from './scoring-rule';
import type { CompetitionRow } from './tables';

/**
 * The bank's public counters of a contest's problems hide accepted tries behind a freeze: they
 * follow when a freeze is set, lifted, moved (new times) or its contest deleted. Math and 408
 * contests: the hidden problems behind their programming questions.
 */
export async function recountProblems(d: Contests, contest: CompetitionRow): Promise<void> {
  const listed = await listedProblemIds(d.db, contest.id);
  if (contest.type === ContestType.Programming || !listed.length)
    return d.submissions.recountProblems(listed);
  await d.submissions.recountProblems(await d.math408.problemIdsOf(listed));
}

/** Recomputes the rating chain from a contest; boards showing changed ratings are reloaded. */
export async function rerateFrom(d: Contests, id: number, opts: RerateOptions = {}): Promise<number> {
  const done = await rerate(d, id, opts);
  for (const contest of done.touched) contestChanged(d, contest); // ratings shown on the boards changed
  return done.rated;
}

/** Ended contests get their final ranks stored, then the oldest due rating work is done. */
export async function finishEnded(d: Contests): Promise<number> {
  let n = 0;
  for (const id of await endedUnfinalizedIds(d.db, nowIso())) {
    const board = await d.boards.fresh(id);
    if (!board) continue;
    await finalizeContest(d, board);
    // An OI contest's verdicts show from its end: its participants' problem statuses and the
    // bank's counters take its accepted tries.
    if (ruleOf(board.contest) === 'oi') await d.submissions.recountContest(id);
    n++;
  }
  // The oldest due contest: recomputing the chain from it covers every later one.
  const [due] = await dueRatingWork(d.db);
  if (due) await rerateFrom(d, due.id, { onlyIfUnapplied: !due.rating_applied });
  return n;
}

export async function freeze(d: Contests, id: number, minutes: number | undefined): Promise<void> {
  const contest = await contestRow(d.db, id);
  // Board times of a window contest count from each participant's own start (issue 26 part 2).
  if (contest.window_minutes > 0) throw badRequest('每人限时的比赛不能封榜');
  if (
    minutes !== undefined &&
    minutes * 60_000 > Date.parse(contest.end_time) - Date.parse(contest.start_time)
  )
    throw badRequest('封榜时长不能超过比赛时长', 'minutes');
  if (minutes === undefined && contest.freeze_minutes <= 0)
    throw badRequest('该比赛没有设置封榜时长，请填写封榜时长', 'minutes');
  await freezeContest(d, id, minutes);
  // Announced first: the counters below are recounted under the new freeze (freeze-rule.ts).
  d.bus.emit('contest.changed', { competition_id: id });
  await recountProblems(d, contest);
}

export async function unfreeze(d: Contests, id: number): Promise<void> {
  const contest = await contestRow(d.db, id);
  await unfreezeContest(d, id);
  d.bus.emit('contest.changed', { competition_id: id });
  await recountProblems(d, contest);
}

export async function setRated(d: Contests, id: number, rated: boolean): Promise<void> {
  const contest = await contestRow(d.db, id);
  if (rated && contest.team_size > 0) throw badRequest('团队赛不计入积分', 'rated');
  await updateContest(d.db, id, { rated: rated ? 1 : 0, update_time: nowIso() });
  contestChanged(d, id);
  // Unrated: its changes go, later contests are recomputed; rated: applied (in chain order).
  if (!rated && contest.rating_applied) await rerateFrom(d, id);
  if (rated && stateOf(contest) === 'ended') await finishEnded(d);
}

/**
 * Recomputes the ratings of this contest and every rated contest that ended after it, from
 * their current submissions (after a rejudge, say): exact, idempotent (apply-rating.ts).
 */
export async function recomputeRating(d: Contests, id: number): Promise<number> {
  const contest = await contestRow(d.db, id);
  if (!contest.rated) throw badRequest('该比赛不计算积分');
  if (stateOf(contest) !== 'ended') throw badRequest('比赛尚未结束，不能计算积分');
  return rerateFrom(d, id, { finals: await freshFinals(d, id) });
}
