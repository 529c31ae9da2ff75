import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { setIntegerColumns } from '../../lib/batch-update';
import type { LiveBoard } from './live';

/** One participant's stored result of an ended contest (true standings, whatever the freeze). */
export interface FinalRow {
  userId: number;
  rank: number;
  solved: number;
  penalty: number;
  /** Counted submissions in the contest window: 0 = not a contestant for the rating. */
  submitted: number;
}

export function finalRowsOf(board: LiveBoard): FinalRow[] {
  return board.sb.all({ frozen: false }).map(({ standing, rank }) => ({
    userId: standing.userId,
    rank,
    solved: standing.totals.solved,
    penalty: standing.totals.penalty,
    submitted: board.sb.attemptCount(standing.userId),
  }));
}

/** Writes the final rows and marks the contest finalized, inside the caller's transaction. */
export async function writeFinal(exec: Kysely<Database>, contestId: number, rows: FinalRow[]): Promise<void> {
  await setIntegerColumns(
    exec,
    {
      table: 'competition_participants',
      key: 'user_id',
      scope: { column: 'competition_id', value: contestId },
    },
    ['rank', 'solved', 'penalty', 'submitted'],
    rows.map((r) => ({ key: r.userId, values: [r.rank, r.solved, r.penalty, r.submitted] })),
  );
  await exec.updateTable('competitions').set({ finalized: 1 }).where('id', '=', contestId).execute();
}

/**
 * Stores the final ranks and totals of an ended contest, so the profile's records and the rating
 * do not need the live board. Safe to repeat: it writes the same values.
 */
export async function finalizeContest(db: Kysely<Database>, board: LiveBoard): Promise<void> {
  const rows = finalRowsOf(board);
  await db.transaction().execute((trx) => writeFinal(trx, board.contest.id, rows));
}
