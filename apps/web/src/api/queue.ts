/**
 * Runs at most `limit` tasks at once (SPEC §7: up to 2 requests run concurrently); the rest wait in
 * order. It also counts tasks not yet settled (running + waiting), which the first-load overlay watches.
 */
export class RequestQueue {
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  private readonly listeners = new Set<(outstanding: number) => void>();

  constructor(private readonly limit: number) {}

  get outstanding(): number {
    return this.running + this.waiting.length;
  }

  get active(): number {
    return this.running;
  }

  subscribe(listener: (outstanding: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  run<T>(task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        this.running++;
        this.notify();
        task()
          .then(resolve, reject)
          .finally(() => {
            this.running--;
            const next = this.waiting.shift();
            if (next) next();
            else this.notify();
          });
      };
      if (this.running < this.limit) start();
      else {
        this.waiting.push(start);
        this.notify();
      }
    });
  }

  private notify() {
    const n = this.outstanding;
    this.listeners.forEach((l) => l(n));
  }
}
