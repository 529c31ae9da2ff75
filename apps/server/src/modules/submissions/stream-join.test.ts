import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ProgressEvent, SubmissionRecord } from '@oj/shared';
import { describe, expect, it, vi } from 'vitest';
import { createDomainBus } from '../../events';
import { ANONYMOUS } from '../../lib/auth';
import { ProgressFeed } from './progress-feed';
import type { SubmissionsService } from './service';
import { streamProgress } from './stream';
import { unshaped } from './test-details';

// Issue 23: a stream reads its record once. Whatever happens while it reads must reach the client
// once and in order: the tests finished before it subscribed come from the feed's state, those
// finishing during the read are held and follow them (a late test was sent twice before: live
// during the read, and again with the feed's state after it).

const ID = 7;
const test = (n: number): Extract<ProgressEvent, { kind: 'test' }> => ({
  kind: 'test',
  submission_id: ID,
  test: n,
  total: 4,
  result: unshaped({ index: n, status: 'AC', time_used: 1, memory_used: 1, message: '' }),
});

/** The server's side of one SSE connection, written to memory. */
function connection() {
  const chunks: string[] = [];
  const req = { viewer: ANONYMOUS, raw: { on: () => undefined } } as unknown as FastifyRequest;
  const reply = {
    hijack: () => undefined,
    raw: { writeHead: () => undefined, write: (c: string) => chunks.push(c), end: () => undefined },
  } as unknown as FastifyReply;
  const events = () =>
    chunks.flatMap((c) => {
      const m = /^event: (\w+)\ndata: (.+)\n\n$/.exec(c);
      return m ? [JSON.parse(m[2]) as ProgressEvent] : [];
    });
  return { req, reply, events };
}

describe('a stream joining a run under way', () => {
  it('sends each finished test once, in order, whatever finishes while it reads the record', async () => {
    const bus = createDomainBus(undefined, (err) => {
      throw err;
    });
    const feed = new ProgressFeed(bus);
    bus.emit('submission.progress', { kind: 'compiling', submission_id: ID });
    bus.emit('submission.progress', test(1));
    // Every read of the record sees the run pending, and one more test finishes during each.
    let next = 2;
    const read = async () => {
      bus.emit('submission.progress', test(next++));
      return { submission_id: ID, status: 'PD', frozen: false } as SubmissionRecord;
    };
    const rule = { problemName: 'A+B', everything: true, visibility: 'all', samples: new Map(), sheet: null };
    const submissions = {
      feed,
      record: read,
      snapshot: async () => ((await read()) && feed.current(ID)) ?? { kind: 'queued', submission_id: ID },
      testRule: async () => rule,
    } as unknown as SubmissionsService;
    const c = connection();
    await streamProgress(c.req, c.reply, ID, false, { bus, submissions, open: new Set() });
    const tests = () => c.events().flatMap((e) => (e.kind === 'test' ? [e.test] : []));
    await vi.waitFor(() => expect(tests().length).toBeGreaterThanOrEqual(next - 1));
    bus.emit('submission.progress', test(next));
    await vi.waitFor(() => expect(tests()).toContain(next));
    expect(tests()).toEqual(Array.from({ length: next }, (_, i) => i + 1));
    feed.close();
  });
});
