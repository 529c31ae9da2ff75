import { COMPETITION_LIMITS } from '@oj/shared';
import { nowIso } from '../../lib/time';
import type { Db } from './repo';

/** The participants of the contests (competition_participants): joins, history, live totals. */

export async function isJoined(db: Db, contestId: number, userId: number): Promise<boolean> {
  if (userId < 0) return false;
  return Boolean(
    await db
      .selectFrom('competition_participants')
      .select('user_id')
      .where('competition_id', '=', contestId)
      .where('user_id', '=', userId)
      .executeTakeFirst(),
  );
}

/** Which of some contests a user joined. */
export async function joinedAmong(db: Db, userId: number, ids: number[]): Promise<Set<number>> {
  if (userId <= 0 || !ids.length) return new Set();
  const rows = await db
    .selectFrom('competition_participants')
    .select('competition_id')
    .where('user_id', '=', userId)
    .where('competition_id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.competition_id));
}

/** Participants of each of some contests. */
export async function participantCounts(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('competition_participants')
    .select((eb) => ['competition_id', eb.fn.countAll().as('n')])
    .where('competition_id', 'in', ids)
    .groupBy('competition_id')
    .execute();
  return new Map(rows.map((r) => [r.competition_id, Number(r.n)]));
}

/** Joins a user (a second join changes nothing). */
export async function insertParticipant(db: Db, contestId: number, userId: number): Promise<void> {
  await db
    .insertInto('competition_participants')
    .values({
      competition_id: contestId,
      user_id: userId,
      join_time: nowIso(),
      solved: 0,
      penalty: 0,
      submitted: 0,
      rank: null,
      rating_before: null,
      rating_after: null,
      rating_change: null,
    })
    .onConflict((oc) => oc.columns(['competition_id', 'user_id']).doNothing())
    .execute();
}

export async function deleteParticipant(db: Db, contestId: number, userId: number): Promise<void> {
  await db
    .deleteFrom('competition_participants')
    .where('competition_id', '=', contestId)
    .where('user_id', '=', userId)
    .execute();
}

/** The users who joined a contest (a board being loaded). */
export async function participantIds(db: Db, contestId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('competition_participants')
    .select('user_id')
    .where('competition_id', '=', contestId)
    .execute();
  return rows.map((r) => r.user_id);
}

/**
 * What tells a loaded board it is stale (two indexed reads): the contest's `update_time` and
 * deletion, and how many joined.
 */
export async function boardStamp(db: Db, contestId: number) {
  const [row, joined] = await Promise.all([
    db
      .selectFrom('competitions')
      .select(['update_time', 'is_delete'])
      .where('id', '=', contestId)
      .executeTakeFirst(),
    db
      .selectFrom('competition_participants')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('competition_id', '=', contestId)
      .executeTakeFirstOrThrow(),
  ]);
  return { row, joined: Number(joined.n) };
}

/** A participant's live totals, written back as the board changes (the profile's records read them). */
export async function writeTotals(
  db: Db,
  contestId: number,
  userId: number,
  totals: { solved: number; penalty: number; submitted: number },
): Promise<void> {
  await db
    .updateTable('competition_participants')
    .set(totals)
    .where('competition_id', '=', contestId)
    .where('user_id', '=', userId)
    .execute();
}

/**
 * A user's contests that started, newest first (the profile's records; SPEC §3): how many, and
 * page `pageNum` of 5, or all of them for 0 (the chart).
 */
export async function historyOf(db: Db, userId: number, pageNum: number) {
  const base = db
    .selectFrom('competition_participants as p')
    .innerJoin('competitions as c', 'c.id', 'p.competition_id')
    .where('p.user_id', '=', userId)
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
  if (pageNum > 0)
    query = query
      .limit(COMPETITION_LIMITS.joinsPageSize)
      .offset((pageNum - 1) * COMPETITION_LIMITS.joinsPageSize);
  return { total, rows: await query.execute() };
}
