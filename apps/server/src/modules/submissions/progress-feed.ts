import type { ProgressEvent } from '@oj/shared';
import type { DomainBus, DomainEvents } from '../../events';

type Listener = (event: ProgressEvent) => void;

/**
 * This node's view of judging progress, built from the domain events only: `submission.progress`
 * (compiling, running, tests) and `submission.changed` (queued again, or judged = `done`). It keeps
 * the latest event of a submission still being judged, so a stream connecting midway sees
 * "test 4 of 10" at once, and hands each event to the streams of that submission (one Map lookup,
 * not every stream per event).
 */
export class ProgressFeed {
  private readonly listeners = new Map<number, Set<Listener>>();
  private readonly latest = new Map<number, ProgressEvent>();
  /** Finished tests of the run under way (at most one per test), for streams that join midway. */
  private readonly finished = new Map<number, Map<number, ProgressEvent>>();
  /** Streams about several submissions (a user's records of one problem) hear every event. */
  private readonly everything = new Set<Listener>();
  private readonly unsubscribe: (() => void)[];

  constructor(bus: DomainBus) {
    this.unsubscribe = [
      bus.on('submission.progress', (e) => this.take(e)),
      bus.on('submission.changed', (e) => this.take(progressOf(e))),
    ];
  }

  /** The last progress event of a submission being judged, if this node saw one. */
  current(id: number): ProgressEvent | undefined {
    return this.latest.get(id);
  }

  /** The `test` events of the run under way, in test order (a late stream replays them). */
  finishedTests(id: number): ProgressEvent[] {
    return [...(this.finished.get(id)?.values() ?? [])].sort(
      (a, b) => (a.kind === 'test' ? a.test : 0) - (b.kind === 'test' ? b.test : 0),
    );
  }

  subscribe(id: number, fn: Listener): () => void {
    let set = this.listeners.get(id);
    if (!set) this.listeners.set(id, (set = new Set()));
    set.add(fn);
    return () => {
      set.delete(fn);
      if (!set.size) this.listeners.delete(id);
    };
  }

  /** Every event of every submission; the listener filters (a Set lookup per event). */
  subscribeAll(fn: Listener): () => void {
    this.everything.add(fn);
    return () => void this.everything.delete(fn);
  }

  close(): void {
    for (const off of this.unsubscribe) off();
  }

  private take(event: ProgressEvent): void {
    const id = event.submission_id;
    if (event.kind === 'done' || event.kind === 'queued' || event.kind === 'compiling')
      this.finished.delete(id);
    if (event.kind === 'done') this.latest.delete(id);
    else this.latest.set(id, event);
    if (event.kind === 'test') {
      const tests = this.finished.get(id) ?? new Map<number, ProgressEvent>();
      this.finished.set(id, tests.set(event.test, event));
    }
    for (const fn of [...(this.listeners.get(id) ?? []), ...this.everything]) {
      try {
        fn(event);
      } catch {
        // one broken stream must not stop the others
      }
    }
  }
}

/** A stored change as the streams see it: queued again (PD) or done with the record. */
function progressOf(e: DomainEvents['submission.changed']): ProgressEvent {
  const id = e.submission.id;
  return e.record && e.submission.status !== 'PD'
    ? { kind: 'done', submission_id: id, record: e.record }
    : { kind: 'queued', submission_id: id };
}
