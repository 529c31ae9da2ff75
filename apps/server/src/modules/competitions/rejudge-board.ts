import type { ContestTry } from '../submissions';
import { freshFinals } from './apply-rating';
import { type Contests, contestChanged } from './deps';
import { finalizeContest } from './finalize';
import { rerateFrom } from './lifecycle';
import { type LiveBoard, LiveBoards } from './live';
import { stateOf } from './present';
import { contestRow } from './repo';

/** A verdict a rejudge set would store instead of a try's (modules/rejudge). */
export type TryOverride = Pick<ContestTry, 'status' | 'score' | 'full_score' | 'subtasks'>;

/** One participant's true standing on a board. */
export interface BoardLine {
  userId: number;
  username: string;
  rank: number;
  solved: number;
  penalty: number;
  score: number | null;
}

function linesOf(board: LiveBoard | null): Map<number, BoardLine> {
  const lines = new Map<number, BoardLine>();
  for (const { standing, rank } of board?.sb.all({ frozen: false }) ?? [])
    lines.set(standing.userId, {
      userId: standing.userId,
      username: board!.people.get(standing.userId)?.username ?? '',
      rank,
      solved: standing.totals.solved,
      penalty: standing.totals.penalty,
      score: standing.totals.score ?? null,
    });
  return lines;
}

/**
 * The board of a programming contest twice, from the stored tries (true standings, never frozen):
 * as stored, and with `overrides` (by submission id) in place of their tries' verdicts. Both are
 * loaded by boards of their own, as the live board loads (the same rule, freeze and windows), and
 * never cached or announced. Answers the rows that differ.
 */
export async function boardDiff(
  d: Contests,
  id: number,
  overrides: Map<number, TryOverride>,
): Promise<{ before: BoardLine; after: BoardLine }[]> {
  // Boards of their own: loading announces nothing, and they are dropped after this call.
  const before = await new LiveBoards(d).get(id);
  const after = await new LiveBoards({
    ...d,
    submissions: {
      contestTry: d.submissions.contestTry,
      contestTries: async (c) =>
        (await d.submissions.contestTries(c)).map((t) => {
          const o = overrides.get(t.id);
          return o ? { ...t, ...o } : t;
        }),
    },
  }).get(id);
  const a = linesOf(before);
  const b = linesOf(after);
  const out: { before: BoardLine; after: BoardLine }[] = [];
  for (const [userId, x] of a) {
    const y = b.get(userId);
    if (!y) continue;
    if (x.rank !== y.rank || x.solved !== y.solved || x.penalty !== y.penalty || x.score !== y.score)
      out.push({ before: x, after: y });
  }
  return out.sort((p, q) => p.after.rank - q.after.rank || p.before.userId - q.before.userId);
}

/**
 * A rejudge set was applied (the stored verdicts changed, each announced): every node rebuilds the
 * board; an ended contest's stored final ranks follow, and a rated one's rating chain is
 * recomputed from it (exact and idempotent, apply-rating.ts), medals following the final board.
 */
export async function afterRejudge(d: Contests, id: number): Promise<void> {
  const contest = await contestRow(d.db, id);
  contestChanged(d, id);
  if (stateOf(contest) !== 'ended' || !contest.finalized) return;
  if (contest.rated) {
    await rerateFrom(d, id, { finals: await freshFinals(d, id) });
    return;
  }
  const board = await d.boards.fresh(id);
  if (board) await finalizeContest(d, board);
}
