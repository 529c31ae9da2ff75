import type { ProgressEvent } from '@oj/shared';
import { describe, expect, it } from 'vitest';
import { ProgressHub } from './hub';

const test = (n: number, status: 'AC' | 'WA' = 'AC'): ProgressEvent => ({
  kind: 'test',
  submission_id: 7,
  test: n,
  total: 3,
  result: { index: n, status, time_used: 1, memory_used: 1, message: '' },
});

describe('progress hub', () => {
  it('keeps the finished tests of the run under way for streams that join midway', () => {
    const hub = new ProgressHub();
    hub.publish({ kind: 'compiling', submission_id: 7 });
    hub.publish(test(2));
    hub.publish(test(1));
    hub.publish(test(2, 'WA')); // a repeated test replaces the earlier result
    hub.publish({ kind: 'running', submission_id: 7, test: 3, total: 3 });
    expect(hub.finishedTests(7).map((e) => (e.kind === 'test' ? [e.test, e.result.status] : e.kind))).toEqual(
      [
        [1, 'AC'],
        [2, 'WA'],
      ],
    );
    expect(hub.current(7)?.kind).toBe('running');
    expect(hub.finishedTests(8)).toEqual([]);

    // A rejudge starts a new run; a verdict forgets everything.
    hub.publish({ kind: 'queued', submission_id: 7 });
    expect(hub.finishedTests(7)).toEqual([]);
    hub.publish(test(1));
    hub.publish({ kind: 'done', submission_id: 7, record: {} as never });
    expect([hub.finishedTests(7), hub.current(7)]).toEqual([[], undefined]);
  });

  it('tells every-submission listeners about every event, each subscriber until it leaves', () => {
    const hub = new ProgressHub();
    const all: number[] = [];
    const one: number[] = [];
    const stopAll = hub.subscribeAll((e) => all.push(e.submission_id));
    const stopOne = hub.subscribe(2, (e) => one.push(e.submission_id));
    hub.publish({ kind: 'queued', submission_id: 1 });
    hub.publish({ kind: 'queued', submission_id: 2 });
    stopAll();
    stopOne();
    hub.publish({ kind: 'queued', submission_id: 2 });
    expect([all, one]).toEqual([[1, 2], [2]]);
  });
});
