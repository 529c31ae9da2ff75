import type { JudgeJobInput, JudgeProgress, JudgeResult } from '@oj/shared';
import { judge, type EngineOptions } from '../engine';
import { defaultJudgeConcurrency } from '../lanes';
import { Listeners, type JudgeQueue } from './types';

export interface InProcessOptions extends EngineOptions {
  /** Jobs judged at once; default one per core (defaultJudgeConcurrency). */
  concurrency?: number;
}

/** The default backend: a FIFO in this process, judged by `concurrency` async workers. */
export class InProcessJudgeQueue implements JudgeQueue {
  private readonly waiting: JudgeJobInput[] = [];
  private readonly active = new Set<JudgeJobInput>();
  private running = 0;
  private closed = false;
  private readonly progress = new Listeners<JudgeProgress>();
  private readonly results = new Listeners<JudgeResult>();
  private readonly concurrency: number;

  constructor(private readonly options: InProcessOptions) {
    this.concurrency = Math.max(1, options.concurrency ?? defaultJudgeConcurrency(options.cores));
  }

  async submit(job: JudgeJobInput): Promise<void> {
    if (this.closed) throw new Error('judge queue is closed');
    this.waiting.push(job);
    this.pump();
  }

  onProgress(listener: (event: JudgeProgress) => void) {
    return this.progress.add(listener);
  }

  onResult(listener: (result: JudgeResult) => void) {
    return this.results.add(listener);
  }

  /** Nothing outlives the process here: jobs of a previous process are the server's to resubmit. */
  async replayFinished(): Promise<number> {
    return 0;
  }

  async depth(): Promise<number> {
    return this.waiting.length + this.running;
  }

  /** Only this process's own jobs are known: those of a process before it died with it. */
  async resume(submissionId: string): Promise<'queued' | 'unknown'> {
    const mine = [...this.waiting, ...this.active].some((j) => j.submissionId === submissionId);
    return mine ? 'queued' : 'unknown';
  }

  /**
   * Nobody else can judge this process's jobs: it keeps judging through the drain, and `close`
   * gives what runs then its grace (what still waits stays pending for the next start).
   */
  async pause(): Promise<void> {}

  /** Stops taking jobs and waits for the ones being judged. */
  async close(): Promise<void> {
    this.closed = true;
    while (this.running > 0) await new Promise((r) => setTimeout(r, 50));
  }

  private pump(): void {
    while (!this.closed && this.running < this.concurrency && this.waiting.length > 0) {
      const job = this.waiting.shift()!;
      this.running++;
      this.active.add(job);
      void this.work(job).then((result) => {
        // Counted as done before listeners hear of it, so depth() is exact inside a listener.
        this.running--;
        this.active.delete(job);
        this.pump();
        this.results.emit(result);
      });
    }
  }

  private async work(job: JudgeJobInput): Promise<JudgeResult> {
    try {
      return await judge(job, this.options, (e) => this.progress.emit(e));
    } catch (err) {
      // No retry in-process: what failed here (test data missing, disk full) fails again.
      return {
        submissionId: job.submissionId,
        status: 'IE',
        timeMs: 0,
        memoryKiB: 0,
        compileMessage: '',
        message: `评测失败：${(err as Error).message}`,
        tests: [],
      };
    }
  }
}
