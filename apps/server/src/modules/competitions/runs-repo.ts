import { nowIso } from '../../lib/time';
import type { Db } from './repo';
import { ContestType } from './deps';
import type { CompetitionRow, VirtualRunRow } from './tables';

/**
 * Window starts (`competition_participants.started_at`) and virtual runs
 * (`competition_virtual_runs`) of issue 26 part 2 (virtual.ts, gates.ts, live.ts).
 */

/** A participant's row as the gates need it: joined, and when they pressed 开始 (window contests). */
export const participantStart = (db: Db, contestId: number, userId: number) =>
  userId < 0
    ? Promise.resolve(undefined)
    : db
        .selectFrom('competition_participants')
        .select(['user_id', 'started_at', 'submitted'])
        .where('competition_id', '=', contestId)
        .where('user_id', '=', userId)
        .executeTakeFirst();

/** Every start of a window contest's participants (a board being loaded): user → ms. */
export async function participantStarts(db: Db, contestId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('competition_participants')
    .select(['user_id', 'started_at'])
    .where('competition_id', '=', contestId)
    .where('started_at', 'is not', null)
    .execute();
  return new Map(rows.map((r) => [r.user_id, Date.parse(r.started_at!)]));
}

/** Presses 开始 once: a second press keeps the first start. Returns the start in force. */
export async function markStarted(db: Db, contestId: number, userId: number): Promise<string | null> {
  await db
    .updateTable('competition_participants')
    .set({ started_at: nowIso() })
    .where('competition_id', '=', contestId)
    .where('user_id', '=', userId)
    .where('started_at', 'is', null)
    .execute();
  return (await participantStart(db, contestId, userId))?.started_at ?? null;
}

/** A user's virtual run of a contest (the latest one), or undefined. */
export const virtualRun = (db: Db, contestId: number, userId: number): Promise<VirtualRunRow | undefined> =>
  userId < 0
    ? Promise.resolve(undefined)
    : db
        .selectFrom('competition_virtual_runs')
        .selectAll()
        .where('competition_id', '=', contestId)
        .where('user_id', '=', userId)
        .executeTakeFirst();

/**
 * Starts a virtual run now. A previous run is replaced only when it started at or before
 * `replaceStartedBefore` (now − the contest's length: it has ended); a running one is kept, checked
 * in the statement, so two presses at once start one run. Returns whether a run was started.
 */
export async function startVirtualRun(
  db: Db,
  contestId: number,
  userId: number,
  replaceStartedBefore: string,
): Promise<boolean> {
  const now = nowIso();
  const inserted = await db
    .insertInto('competition_virtual_runs')
    .values({ competition_id: contestId, user_id: userId, started_at: now })
    .onConflict((oc) =>
      oc
        .columns(['competition_id', 'user_id'])
        .doUpdateSet({ started_at: now })
        .where('competition_virtual_runs.started_at', '<=', replaceStartedBefore),
    )
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Virtual runs of OI contests started since `since`, with their contests' times (the OI curtain). */
export const oiVirtualRuns = (db: Db, since: string) =>
  db
    .selectFrom('competition_virtual_runs as r')
    .innerJoin('competitions as c', 'c.id', 'r.competition_id')
    .select(['r.competition_id', 'r.user_id', 'r.started_at', 'c.start_time', 'c.end_time'])
    .where('c.rule', '=', 'oi')
    .where('c.is_delete', '=', 0)
    .where('r.started_at', '>=', since)
    .execute();

/** A contest's length in ms (a virtual run lasts as long). */
export const lengthMs = (c: Pick<CompetitionRow, 'start_time' | 'end_time'>) =>
  Date.parse(c.end_time) - Date.parse(c.start_time);

/** The end of a participant's window (ms): their start plus the window, cut at the contest's end. */
export const windowEndMs = (c: Pick<CompetitionRow, 'end_time' | 'window_minutes'>, startedAt: string) =>
  Math.min(Date.parse(startedAt) + c.window_minutes * 60_000, Date.parse(c.end_time));

/** The user's virtual run of an ended programming contest while it lasts, else null. */
export async function activeRunOf(db: Db, c: CompetitionRow, userId: number): Promise<VirtualRunRow | null> {
  if (c.type !== ContestType.Programming || userId <= 0) return null;
  const run = await virtualRun(db, c.id, userId);
  return run && Date.now() < Date.parse(run.started_at) + lengthMs(c) ? run : null;
}
