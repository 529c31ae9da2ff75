import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ClarificationEvent } from '@oj/shared';
import type { DomainBus } from '../../events';
import { openRereadStream } from '../../lib/sse';
import type { ContestAccess } from '../competitions';

/** The stream ends after this long; EventSource reconnects and access is checked again. */
export const CLARIFICATION_STREAM_LIFETIME_MS = 10 * 60_000;

/**
 * A contest's clarifications, live for one viewer (access already checked): `clarification
 * {competition_id, unread}` at once, then whenever something the viewer may see changes on any
 * node (`clarification.changed` crosses nodes on the bus): the page refetches its list. Counts are
 * read one at a time (`openRereadStream`).
 */
export function streamClarifications(
  req: FastifyRequest,
  reply: FastifyReply,
  deps: { bus: DomainBus; open: Set<() => void>; access: ContestAccess; unread(): Promise<number> },
): void {
  const { access } = deps;
  const me = req.viewer.uuid;
  openRereadStream(req, reply, deps.open, {
    lifetimeMs: CLARIFICATION_STREAM_LIFETIME_MS,
    read: async (stream) =>
      stream.send('clarification', {
        competition_id: access.id,
        unread: await deps.unread(),
      } satisfies ClarificationEvent),
    subscribe: (poke) =>
      deps.bus.on('clarification.changed', ({ competition_id, user_id }) => {
        if (competition_id !== access.id) return;
        if (access.manager || user_id === null || user_id === me) poke();
      }),
  });
}
