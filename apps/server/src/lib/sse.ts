import type { FastifyReply, FastifyRequest } from 'fastify';
import { RECONNECT_EVENT, RECONNECT_MS } from '@oj/shared';

export { RECONNECT_EVENT, RECONNECT_MS };

const PING_MS = 15_000;

export interface EventStream {
  /** Writes one event; does nothing once the stream is closed. */
  send(event: string, data: unknown): void;
  /** Ends the stream (idempotent): runs the cleanup given to `openEventStream`. */
  close(): void;
}

/**
 * Live streams of a node by their close: `openStreams` of the app context. The server's shutdown
 * calls each one, which ends the stream with a reconnect hint.
 */
export type OpenStreams = Set<() => void>;

/**
 * Takes over the reply as a Server-Sent Events stream: headers that keep proxies from buffering,
 * a comment ping so idle connections survive, and one close path whether the client leaves, the
 * caller ends the stream or the server shuts down (`open` holds every live stream's close). The
 * stream opens with a `retry:` field; when the server shuts down it ends with `retry:` and a
 * `reconnect` event, so the client reconnects at once, through the proxy, to a node still running.
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
  res.write(`retry: ${RECONNECT_MS}\n\n`);
  let closed = false;
  const ping = setInterval(() => !closed && res.write(': ping\n\n'), PING_MS);
  const closeForShutdown = () => {
    if (!closed)
      res.write(`retry: ${RECONNECT_MS}\nevent: ${RECONNECT_EVENT}\ndata: {"reason":"shutdown"}\n\n`);
    close();
  };
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(ping);
    open.delete(closeForShutdown);
    onClose();
    res.end();
  };
  open.add(closeForShutdown);
  req.raw.on('close', close);
  return {
    send(event, data) {
      if (!closed) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    close,
  };
}

export interface RereadStreamOptions {
  /** The stream ends after this long; EventSource reconnects and access is checked again. */
  lifetimeMs: number;
  /** Reads the current value and sends it (`stream.send`). */
  read(stream: EventStream): Promise<void>;
  /**
   * Subscribes to what makes the value change (bus events); answers the unsubscribe. Subscribed
   * before the first read, so a change arriving in between is not missed.
   */
  subscribe(poke: () => void): () => void;
}

/**
 * A stream of one value that is read at once and again after every poke. Reads run one at a time;
 * pokes arriving during a read cause one more read, not one each. A failed read ends the stream
 * (the client reconnects).
 */
export function openRereadStream(
  req: FastifyRequest,
  reply: FastifyReply,
  open: Set<() => void>,
  options: RereadStreamOptions,
): void {
  let reading = false;
  let again = false;
  const stream = openEventStream(req, reply, open, () => {
    clearTimeout(timer);
    off();
  });
  const timer = setTimeout(stream.close, options.lifetimeMs).unref();
  const push = async (): Promise<void> => {
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    try {
      do {
        again = false;
        await options.read(stream);
      } while (again);
    } catch {
      stream.close();
    } finally {
      reading = false;
    }
  };
  const off = options.subscribe(() => void push());
  void push();
}
