import type { RankEvent } from '@oj/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LiveBoards } from './live';

const PING_MS = 15_000;

/**
 * Server-Sent Events of one contest's scoreboard: `rank` with the board version at once and after
 * every change (at most every 200 ms); the page then reloads the ranking page it shows, which is
 * cheap (the board is in memory) and keeps the freeze rules in one place (`rank()`).
 */
export async function streamRank(
  req: FastifyRequest,
  reply: FastifyReply,
  contestId: number,
  deps: { boards: LiveBoards; open: Set<() => void> },
): Promise<void> {
  const board = await deps.boards.get(contestId);
  if (!board)
    return void reply
      .code(404)
      .send({ code: 40400, message: `competition_id ${contestId} 对应的比赛不存在`, data: null });
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  let closed = false;
  const send = (version: number) => {
    const e: RankEvent = { competition_id: contestId, version };
    if (!closed) res.write(`event: rank\ndata: ${JSON.stringify(e)}\n\n`);
  };
  const unsubscribe = deps.boards.subscribe(contestId, send);
  const ping = setInterval(() => !closed && res.write(': ping\n\n'), PING_MS);
  const finish = () => {
    if (closed) return;
    closed = true;
    unsubscribe();
    clearInterval(ping);
    deps.open.delete(finish);
    res.end();
  };
  deps.open.add(finish);
  req.raw.on('close', finish);
  send(board.sb.version);
}
