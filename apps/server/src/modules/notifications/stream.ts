import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UnreadCount } from '@oj/shared';
import type { DomainBus } from '../../events';
import { openRereadStream } from '../../lib/sse';

/** The stream ends after this long; EventSource reconnects and the session is checked again. */
export const UNREAD_STREAM_LIFETIME_MS = 10 * 60_000;

export interface UnreadStreamDeps {
  bus: DomainBus;
  open: Set<() => void>;
  unread(userId: number): Promise<number>;
}

/**
 * The caller's unread count, live: `unread {count}` at once, then again whenever their
 * notifications change on any node (`notification.changed` crosses nodes on the bus). Counts are
 * read one at a time (`openRereadStream`).
 */
export function streamUnread(req: FastifyRequest, reply: FastifyReply, deps: UnreadStreamDeps): void {
  const userId = req.viewer.uuid;
  openRereadStream(req, reply, deps.open, {
    lifetimeMs: UNREAD_STREAM_LIFETIME_MS,
    read: async (stream) => stream.send('unread', { count: await deps.unread(userId) } satisfies UnreadCount),
    subscribe: (poke) =>
      deps.bus.on('notification.changed', ({ user_id }) => {
        if (user_id === userId) poke();
      }),
  });
}
