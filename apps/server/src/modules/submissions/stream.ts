import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MyRecordChange, MyRecordsReady, ProgressEvent } from '@oj/shared';
import { can } from '../../lib/permissions';
import { openEventStream, type EventStream } from '../../lib/sse';
import type { DomainBus } from '../../events';
import type { SubmissionsService } from './service';
import { ShapedEvents } from './test-details';

/**
 * A stream that follows (rejudges, a user's records) ends after this long: EventSource reconnects
 * by itself and starts again from the current state, so no connection lives for ever and a
 * reconnect re-checks who may see what.
 */
export const FOLLOW_LIFETIME_MS = 10 * 60_000;

export interface StreamDeps {
  bus: DomainBus;
  submissions: SubmissionsService;
  open: Set<() => void>;
}

/** Opens the stream with a lifetime limit; `cleanups` run once whichever way it ends. */
function openBounded(
  req: FastifyRequest,
  reply: FastifyReply,
  deps: StreamDeps,
  cleanups: (() => void)[],
): EventStream {
  const stream = openEventStream(req, reply, deps.open, () => {
    clearTimeout(timer); // runs on a later event (client gone, shutdown), after `timer` exists
    for (const fn of cleanups) fn();
  });
  const timer = setTimeout(stream.close, FOLLOW_LIFETIME_MS).unref();
  return stream;
}

/**
 * Server-Sent Events of one submission: the current state first (so a client that connects after
 * the verdict still gets it; midway, the tests finished so far and then the latest event), then
 * each progress event, then `done` with the record as this
 * viewer may see it. Without `follow` the stream ends there. With `follow` it stays open: a
 * rejudge arrives as `queued` (or, published by another server node, `compiling` …) followed by
 * a new `done`, until the lifetime ends it. `open` holds the live streams so the server can end
 * them when it shuts down.
 */
export async function streamProgress(
  req: FastifyRequest,
  reply: FastifyReply,
  id: number,
  follow: boolean,
  deps: StreamDeps,
): Promise<void> {
  const { submissions } = deps;
  const feed = submissions.feed;
  // Subscribe before reading the record: what comes meanwhile is held (in order) until the stream is
  // open, after where the run under way stood when it subscribed; nothing is lost or sent twice.
  const held: ProgressEvent[] = [];
  let hear: (e: ProgressEvent) => void = (e) => void held.push(e);
  const off = feed.subscribe(id, (e) => hear(e));
  const stood = { current: feed.current(id), finished: feed.finishedTests(id) };
  // The one read of the record: 404 as a normal JSON answer, before the stream starts.
  const opened = await submissions.record(req.viewer, id).catch((err: unknown) => {
    off();
    throw err;
  });
  const cleanups: (() => void)[] = [off];
  const stream = follow
    ? openBounded(req, reply, deps, cleanups)
    : openEventStream(req, reply, deps.open, () => cleanups.forEach((fn) => fn()));
  // Someone else's try behind a frozen scoreboard: shown once as it stands (pending, `frozen`), and
  // nothing of its run follows (tests, verdict, rejudges); a following stream stays quiet until
  // its lifetime ends and the reconnect asks again.
  if (opened.frozen) {
    off();
    stream.send('done', { kind: 'done', submission_id: id, record: opened } satisfies ProgressEvent);
    if (!follow) stream.close();
    return;
  }
  // Each test is shown as the problem's test visibility lets this viewer see it (test-details.ts).
  const out = new ShapedEvents(
    (sid) => submissions.testRule(req.viewer, sid),
    (e) => stream.send(e.kind, e),
  );
  const finish = (e: ProgressEvent) => {
    if (e.kind !== 'done') return; // a rejudge started meanwhile: keep streaming
    stream.send(e.kind, e);
    if (!follow) stream.close();
  };
  // The feed's verdict is the record as anyone may see it (no source code, the public test
  // details): enough for most viewers, so a popular record is not read again per stream (the rule
  // of the run, read once per run for its tests, says whether this viewer sees more). The author
  // gets it with the code added (one read, records.ts `verdictFor`); admins, the problem's author
  // and anyone's contest try (an admin may have frozen the board since) read the record again.
  const done = (e: Extract<ProgressEvent, { kind: 'done' }>) =>
    out.after(async () => {
      const mayReadCode = can(req.viewer, {
        action: 'submission.viewCode',
        subject: { ownerUuid: e.record.uuid },
      });
      const rule = await out.rule(id);
      if (!mayReadCode && !(rule?.everything ?? false) && e.record.competition_id === null) return finish(e);
      await submissions.verdictFor(req.viewer, id, e.record, rule).then(finish, () => stream.close());
    });
  hear = (e) => (e.kind === 'done' ? done(e) : out.event(e));
  if (opened.status === 'PD') {
    // Joining midway: the tests finished when it subscribed, where the judge stood, then what came since.
    const first = stood.current ?? { kind: 'queued', submission_id: id };
    for (const e of stood.finished) if (e !== first) out.event(e);
    out.event(first);
    for (const e of held.splice(0)) hear(e);
    return;
  }
  // Already judged: the record as this viewer may see it. Held events up to a verdict among them are
  // of the run this record shows already; what follows (a rejudge) is streamed.
  out.after(() => {
    stream.send('done', { kind: 'done', submission_id: id, record: opened });
    if (!follow) stream.close();
  });
  for (const e of held.splice(held.findIndex((e) => e.kind === 'done') + 1)) hear(e);
}

/**
 * The caller's submissions of one problem (the solving page's 我的提交): `changed` whenever one is
 * queued or judged (the `submission.changed` events, which reach every node), and the progress
 * events of those being judged. One Set lookup per progress event; no polling.
 */
export async function streamMyRecords(
  req: FastifyRequest,
  reply: FastifyReply,
  problemId: number,
  deps: StreamDeps,
): Promise<void> {
  const { bus, submissions } = deps;
  const uuid = req.viewer.uuid;
  const judging = new Set<number>();
  const cleanups: (() => void)[] = [];
  const stream = openBounded(req, reply, deps, cleanups);
  // Tests are shown as the problem's test visibility lets the caller see them (test-details.ts);
  // everything goes through the one line so a verdict never overtakes its run's last test.
  const out = new ShapedEvents(
    (sid) => submissions.testRule(req.viewer, sid),
    (e) => stream.send(e.kind, e),
  );
  cleanups.push(
    bus.on('submission.changed', ({ submission: row }) => {
      if (row.user_id !== uuid || row.problem_id !== problemId) return;
      if (row.competition_id !== null)
        // A running OI contest shows its author only 已提交: no tests, no verdict (curtain.ts).
        return out.after(async () => {
          const hidden = await submissions.hidesFrom(req.viewer, row).catch(() => true);
          if (row.status === 'PD' && !hidden) judging.add(row.id);
          else judging.delete(row.id);
          const status = hidden ? 'PD' : row.status;
          stream.send('changed', { submission_id: row.id, status } as MyRecordChange);
        });
      if (row.status === 'PD') judging.add(row.id);
      else judging.delete(row.id);
      const change = { submission_id: row.id, status: row.status } as MyRecordChange;
      out.after(() => stream.send('changed', change));
    }),
    submissions.feed.subscribeAll((e) => {
      if (judging.has(e.submission_id) && e.kind !== 'queued' && e.kind !== 'done') out.event(e);
    }),
  );
  // Those already being judged when the stream opens (the page came back mid-judging).
  const pending = await submissions
    .listMine(req.viewer, { problem_id: problemId, status: 'PD', pageNum: 1, pageSize: 100 })
    .catch(() => null);
  // Those behind a running OI contest's curtain list as pending but show nothing of their run.
  for (const r of pending?.records ?? []) if (!r.frozen) judging.add(r.submission_id);
  const ready: MyRecordsReady = { judging: [...judging] };
  out.after(() => stream.send('ready', ready));
}
