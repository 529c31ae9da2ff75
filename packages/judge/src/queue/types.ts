import type { JudgeJobInput, JudgeProgress, JudgeResult } from '@oj/shared';

export type ProgressListener = (event: JudgeProgress) => void;
export type ResultListener = (result: JudgeResult) => void;

/**
 * What the server sees of judging, whatever the backend. The server subscribes to progress and
 * results and alone writes them to the database; every submitted job ends in exactly one result
 * (IE when the judge itself failed), so no submission stays PD.
 */
export interface JudgeQueue {
  submit(job: JudgeJobInput): Promise<void>;
  onProgress(listener: ProgressListener): () => void;
  onResult(listener: ResultListener): () => void;
  /** Re-emits results that finished while nobody listened (call once at start); returns the count. */
  replayFinished(): Promise<number>;
  /** Jobs waiting or being judged (for metrics). */
  depth(): Promise<number>;
  /**
   * What the queue knows of the job of `submissionId`, for a server starting after a crash:
   * `queued` (waiting or being judged by some node or worker: leave it, the queue hands a dead
   * worker's job to another itself), `finished` (its result, or IE for a failed job, is emitted
   * again now to the result listeners: a node that stored it died first), or `unknown` (lost:
   * submit it again). Submitting again what is queued or finished would judge it twice.
   */
  resume(submissionId: string): Promise<'queued' | 'finished' | 'unknown'>;
  /**
   * A shutdown began (the node's drain): this process takes no new job from now on where someone
   * else can (BullMQ: other nodes and workers); jobs in hand go on, `submit` still works, `close`
   * then waits for what is in hand.
   */
  pause(): Promise<void>;
  close(): Promise<void>;
}

/** Subscriber lists shared by both backends; a failing listener never stops the others. */
export class Listeners<T> {
  private readonly fns = new Set<(value: T) => void>();

  add(fn: (value: T) => void): () => void {
    this.fns.add(fn);
    return () => this.fns.delete(fn);
  }

  emit(value: T): void {
    for (const fn of this.fns) {
      try {
        fn(value);
      } catch (err) {
        process.stderr.write(`[judge] listener failed: ${(err as Error).message}\n`);
      }
    }
  }
}
