import { type LiveBoard, usersOfKey } from './live';
import { type Db, inTransaction } from './repo';
import { writeFinal } from './rating-repo';

/** One participant's stored result of an ended contest (true standings, whatever the freeze). */
export interface FinalRow {
  userId: number;
  rank: number;
  solved: number;
  penalty: number;
  /** Counted submissions in the contest window: 0 = not a contestant for the rating. */
  submitted: number;
}

/** One row per participant; in a team contest each member gets their team's rank and totals. */
export function finalRowsOf(board: LiveBoard): FinalRow[] {
  return board.sb.all({ frozen: false }).flatMap(({ standing, rank }) =>
    usersOfKey(board, standing.userId).map((userId) => ({
      userId,
      rank,
      solved: standing.totals.solved,
      penalty: standing.totals.penalty,
      submitted: board.sb.attemptCount(standing.userId),
    })),
  );
}

/**
 * Stores the final ranks and totals of an ended contest, so the profile's records and the rating
 * do not need the live board. Safe to repeat: it writes the same values.
 */
export async function finalizeContest(d: { db: Db }, board: LiveBoard): Promise<void> {
  const rows = finalRowsOf(board);
  await inTransaction(d.db, (trx) => writeFinal(trx, board.contest.id, rows));
}
