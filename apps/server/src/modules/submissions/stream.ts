import type { ProgressEvent } from '@oj/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ProgressHub } from './hub';
import type { SubmissionsService } from './service';

const PING_MS = 15_000;

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
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  let closed = false;
  const send = (e: ProgressEvent) => {
    if (!closed) res.write(`event: ${e.kind}\ndata: ${JSON.stringify(e)}\n\n`);
  };
  const finish = () => {
    if (closed) return;
    closed = true;
    unsubscribe();
    clearInterval(ping);
    open.delete(finish);
    res.end();
  };
  const done = () =>
    void submissions.snapshot(req.viewer, id).then(
      (e) => {
        if (e.kind !== 'done') return; // a rejudge started meanwhile: keep streaming
        send(e);
        finish();
      },
      () => finish(),
    );
  // Subscribe before reading the state: a verdict landing in between is not lost.
  const unsubscribe = hub.subscribe(id, (e) => (e.kind === 'done' ? done() : send(e)));
  const ping = setInterval(() => !closed && res.write(': ping\n\n'), PING_MS);
  open.add(finish);
  req.raw.on('close', finish);
  const first = await submissions.snapshot(req.viewer, id).catch(() => null);
  if (!first) return finish();
  send(first);
  if (first.kind === 'done') finish();
}
