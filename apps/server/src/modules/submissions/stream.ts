import type { FastifyReply, FastifyRequest } from 'fastify';
import { openEventStream } from '../../lib/sse';
import type { ProgressHub } from './hub';
import type { SubmissionsService } from './service';

/**
 * Server-Sent Events of one submission: the current state first (so a client that connects after
 * the verdict still gets it), then each progress event, then `done` with the record as this
 * viewer may see it, and the stream ends. `open` holds the live streams so the server can end
 * them when it shuts down.
 */
export async function streamProgress(
  req: FastifyRequest,
  reply: FastifyReply,
  id: number,
  deps: { hub: ProgressHub; submissions: SubmissionsService; open: Set<() => void> },
): Promise<void> {
  const { hub, submissions, open } = deps;
  await submissions.record(req.viewer, id); // 404 as a normal JSON answer, before the stream starts
  let unsubscribe = () => {};
  const stream = openEventStream(req, reply, open, () => unsubscribe());
  const done = () =>
    void submissions.snapshot(req.viewer, id).then(
      (e) => {
        if (e.kind !== 'done') return; // a rejudge started meanwhile: keep streaming
        stream.send(e.kind, e);
        stream.close();
      },
      () => stream.close(),
    );
  // Subscribe before reading the state: a verdict landing in between is not lost.
  unsubscribe = hub.subscribe(id, (e) => (e.kind === 'done' ? done() : stream.send(e.kind, e)));
  const first = await submissions.snapshot(req.viewer, id).catch(() => null);
  if (!first) return stream.close();
  stream.send(first.kind, first);
  if (first.kind === 'done') stream.close();
}
