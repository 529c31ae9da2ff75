import type { FastifyReply, FastifyRequest } from 'fastify';

const PING_MS = 15_000;

export interface EventStream {
  /** Writes one event; does nothing once the stream is closed. */
  send(event: string, data: unknown): void;
  /** Ends the stream (idempotent): runs the cleanup given to `openEventStream`. */
  close(): void;
}

/**
 * Takes over the reply as a Server-Sent Events stream: headers that keep proxies from buffering,
 * a comment ping so idle connections survive, and one close path whether the client leaves, the
 * caller ends the stream or the server shuts down (`open` holds every live stream's close).
 */
export function openEventStream(
  req: FastifyRequest,
  reply: FastifyReply,
  open: Set<() => void>,
  onClose: () => void,
): EventStream {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  let closed = false;
  const ping = setInterval(() => !closed && res.write(': ping\n\n'), PING_MS);
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(ping);
    open.delete(close);
    onClose();
    res.end();
  };
  open.add(close);
  req.raw.on('close', close);
  return {
    send(event, data) {
      if (!closed) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    close,
  };
}
