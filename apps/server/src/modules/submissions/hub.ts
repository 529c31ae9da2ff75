import type { ProgressEvent } from '@oj/shared';

type Listener = (event: ProgressEvent) => void;

/**
 * Live progress per submission inside this server process (STYLE "events decouple live updates"):
 * the judging side publishes, the SSE streams subscribe. The latest event of a submission still
 * being judged is kept, so a client connecting midway sees "test 4 of 10" at once.
 */
export class ProgressHub {
  private readonly listeners = new Map<number, Set<Listener>>();
  private readonly latest = new Map<number, ProgressEvent>();
  /** Finished tests of the run under way (at most one per test), for streams that join midway. */
  private readonly finished = new Map<number, Map<number, ProgressEvent>>();
  /** Streams about several submissions (a user's records of one problem) hear every event. */
  private readonly everything = new Set<Listener>();

  publish(event: ProgressEvent): void {
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

  /** The last progress event of a submission being judged, if this process saw one. */
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
    if (!set) {
      set = new Set();
      this.listeners.set(id, set);
    }
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

  /** Forget a submission's progress (queued again by a rejudge). */
  reset(id: number): void {
    this.latest.delete(id);
    this.finished.delete(id);
  }
}
