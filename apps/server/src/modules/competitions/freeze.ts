import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { nowIso } from '../../lib/time';
import { freezeFromOf, type LiveBoards } from './live';

/**
 * Freezes the scoreboard for the last `minutes` (or the contest's own setting): others see tries
 * made after the freeze start as pending. The board's frozen view is rebuilt at once.
 */
export async function freezeContest(
  db: Kysely<Database>,
  boards: LiveBoards,
  contestId: number,
  minutes: number | undefined,
): Promise<void> {
  await db
    .updateTable('competitions')
    .set({
      unfrozen: 0,
      ...(minutes !== undefined ? { freeze_minutes: minutes } : {}),
      update_time: nowIso(),
    })
    .where('id', '=', contestId)
    .execute();
  await refreeze(db, boards, contestId);
}

/** Reveals the results: everyone sees the true standings from now on. */
export async function unfreezeContest(
  db: Kysely<Database>,
  boards: LiveBoards,
  contestId: number,
): Promise<void> {
  await db
    .updateTable('competitions')
    .set({ unfrozen: 1, update_time: nowIso() })
    .where('id', '=', contestId)
    .execute();
  await refreeze(db, boards, contestId);
}

async function refreeze(db: Kysely<Database>, boards: LiveBoards, contestId: number): Promise<void> {
  const board = await boards.get(contestId);
  if (!board) return;
  const row = await db
    .selectFrom('competitions')
    .selectAll()
    .where('id', '=', contestId)
    .executeTakeFirstOrThrow();
  board.contest = row;
  board.sb.setFreeze(freezeFromOf(row));
  boards.notify(contestId);
}
