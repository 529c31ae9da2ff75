import type { ProgressEvent } from '@oj/shared';
import { describe, expect, it } from 'vitest';
import type { SubmissionRecord } from '@oj/shared';
import { createDomainBus, type SubmissionChange } from '../../events';
import { ProgressFeed } from './progress-feed';
import { unshaped } from './test-details';

const test = (n: number, status: 'AC' | 'WA' = 'AC'): Extract<ProgressEvent, { kind: 'test' }> => ({
  kind: 'test',
  submission_id: 7,
  test: n,
  total: 3,
  result: unshaped({ index: n, status, time_used: 1, memory_used: 1, message: '' }),
});

const change = (id: number, status: string) => ({
  submission: { id, status } as SubmissionChange,
  record: status === 'PD' ? null : ({ submission_id: id, status } as unknown as SubmissionRecord),
});

/** A feed and the bus feeding it, as the composition root builds them (in-process transport). */
function fed() {
  const bus = createDomainBus(undefined, (err) => {
    throw err;
  });
  return { bus, feed: new ProgressFeed(bus) };
}

describe('progress feed', () => {
  it('keeps the finished tests of the run under way for streams that join midway', () => {
    const { bus, feed } = fed();
    bus.emit('submission.progress', { kind: 'compiling', submission_id: 7 });
    bus.emit('submission.progress', test(2));
    bus.emit('submission.progress', test(1));
    bus.emit('submission.progress', test(2, 'WA')); // a repeated test replaces the earlier result
    bus.emit('submission.progress', { kind: 'running', submission_id: 7, test: 3, total: 3 });
    expect(
      feed.finishedTests(7).map((e) => (e.kind === 'test' ? [e.test, e.result.status] : e.kind)),
    ).toEqual([
      [1, 'AC'],
      [2, 'WA'],
    ]);
    expect(feed.current(7)?.kind).toBe('running');
    expect(feed.finishedTests(8)).toEqual([]);

    // A rejudge starts a new run; a verdict forgets everything.
    bus.emit('submission.changed', change(7, 'PD'));
    expect(feed.finishedTests(7)).toEqual([]);
    bus.emit('submission.progress', test(1));
    bus.emit('submission.changed', change(7, 'AC'));
    expect([feed.finishedTests(7), feed.current(7)]).toEqual([[], undefined]);
  });

  it('tells every-submission listeners about every event, each subscriber until it leaves', () => {
    const { bus, feed } = fed();
    const all: number[] = [];
    const one: number[] = [];
    const stopAll = feed.subscribeAll((e) => all.push(e.submission_id));
    const stopOne = feed.subscribe(2, (e) => one.push(e.submission_id));
    bus.emit('submission.changed', change(1, 'PD'));
    bus.emit('submission.changed', change(2, 'PD'));
    stopAll();
    stopOne();
    bus.emit('submission.changed', change(2, 'PD'));
    expect([all, one]).toEqual([[1, 2], [2]]);
  });
});
