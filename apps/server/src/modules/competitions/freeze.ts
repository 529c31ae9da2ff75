import { nowIso } from '../../lib/time';
import { freezeFromOf, type LiveBoards } from './live';
import { anyContestById, type Db, updateContest } from './repo';

type Boards = { db: Db; boards: LiveBoards };

/**
 * Freezes the scoreboard for the last `minutes` (or the contest's own setting): others see tries
 * made after the freeze start as pending. The board's frozen view is rebuilt at once.
 */
export async function freezeContest(
  d: Boards,
  contestId: number,
  minutes: number | undefined,
): Promise<void> {
  await updateContest(d.db, contestId, {
    unfrozen: 0,
    ...(minutes !== undefined ? { freeze_minutes: minutes } : {}),
    update_time: nowIso(),
  });
  await refreeze(d, contestId);
}

/** Reveals the results: everyone sees the true standings from now on. */
export async function unfreezeContest(d: Boards, contestId: number): Promise<void> {
  await updateContest(d.db, contestId, { unfrozen: 1, update_time: nowIso() });
  await refreeze(d, contestId);
}

async function refreeze(d: Boards, contestId: number): Promise<void> {
  const board = await d.boards.get(contestId);
  if (!board) return;
  const row = await anyContestById(d.db, contestId);
  board.contest = row;
  board.sb.setFreeze(freezeFromOf(row));
  d.boards.notify(contestId);
}
