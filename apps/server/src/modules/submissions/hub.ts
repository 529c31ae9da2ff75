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
  /** Streams about several submissions (a user's records of one problem) hear every event. */
  private readonly everything = new Set<Listener>();

  publish(event: ProgressEvent): void {
    const id = event.submission_id;
    if (event.kind === 'done') this.latest.delete(id);
    else this.latest.set(id, event);
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
  }
}
