import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import type { LiveBoard } from './live';

/**
 * Stores the final ranks and totals of an ended contest (true standings, whatever the freeze), so
 * the profile's records do not need the live board. Safe to repeat: it writes the same values.
 */
export async function finalizeContest(db: Kysely<Database>, board: LiveBoard): Promise<void> {
  const rows = board.sb.all(false);
  await db.transaction().execute(async (trx) => {
    for (const { standing, rank } of rows) {
      const submitted = standing.cells.reduce(
        (n, _c, i) => n + (board.sb.attemptsOf(standing.userId, i)?.length ?? 0),
        0,
      );
      await trx
        .updateTable('competition_participants')
        .set({ rank, solved: standing.totals.solved, penalty: standing.totals.penalty, submitted })
        .where('competition_id', '=', board.contest.id)
        .where('user_id', '=', standing.userId)
        .execute();
    }
    await trx.updateTable('competitions').set({ finalized: 1 }).where('id', '=', board.contest.id).execute();
  });
}
