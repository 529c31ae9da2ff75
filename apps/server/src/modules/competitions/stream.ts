import type { RankEvent } from '@oj/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DomainBus } from '../../events';
import { openEventStream } from '../../lib/sse';
import type { Viewer } from '../../lib/auth';
import type { LiveBoards } from './live';
import type { CompetitionRow } from './tables';
import { oiHidesFrom } from './present';

/**
 * Server-Sent Events of one contest's scoreboard: `rank` with the board version at once and after
 * every change of this node's board (`contest.board.changed`, at most every 200 ms); the page then
 * reloads the ranking page it shows, which is cheap (the board is in memory) and keeps the freeze
 * rules in one place (`rankPage()`).
 */
export async function streamRank(
  req: FastifyRequest,
  reply: FastifyReply,
  contestId: number,
  deps: {
    boards: LiveBoards;
    bus: DomainBus;
    open: Set<() => void>;
    /** Refuses who may not see the board (a class contest's outsiders, class-rule.ts). */
    mayWatch: (viewer: Viewer, contest: CompetitionRow) => Promise<void>;
  },
): Promise<void> {
  const board = await deps.boards.get(contestId);
  if (!board)
    return void reply.code(404).send({ code: 40400, message: `比赛 ${contestId} 不存在`, data: null });
  await deps.mayWatch(req.viewer, board.contest);
  let unsubscribe = () => {};
  const stream = openEventStream(req, reply, deps.open, () => unsubscribe());
  const send = (version: number) => {
    const e: RankEvent = { competition_id: contestId, version };
    stream.send('rank', e);
  };
  // A running OI contest's board is hidden from its participants: its changes would tell them when
  // their tries were judged, so they hear nothing until the end (the page reloads then).
  const quiet = () => oiHidesFrom(req.viewer, board.contest);
  unsubscribe = deps.bus.on('contest.board.changed', (e) => {
    if (e.competition_id === contestId && !quiet()) send(e.version);
  });
  send(board.sb.version);
}
