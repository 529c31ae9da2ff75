import type { Queue, QueueEvents, Worker } from 'bullmq';
import {
  JudgeJob as JudgeJobSchema,
  JudgeResult as JudgeResultSchema,
  type JudgeJob,
  type JudgeJobInput,
  type JudgeProgress,
  type JudgeResult,
} from '@oj/shared';
import { judge, type EngineOptions } from '../engine';
import { Listeners, type JudgeQueue } from './types';

export const DEFAULT_QUEUE_NAME = 'oj-judge';

/**
 * BullMQ (with ioredis) weighs ~30 MB of resident memory once loaded: it is loaded when a Redis
 * queue is made, so that a server without REDIS_URL never pays for it.
 */
const loadBullmq = () => import('bullmq');

/** ioredis options BullMQ wants, from a redis:// URL. */
export function redisConnection(url: string) {
  const u = new URL(url);
  return {
    host: u.hostname,
    port: Number(u.port || 6379),
    username: u.username ? decodeURIComponent(u.username) : undefined,
    password: u.password ? decodeURIComponent(u.password) : undefined,
    db: u.pathname.length > 1 ? Number(u.pathname.slice(1)) : 0,
    tls: u.protocol === 'rediss:' ? {} : undefined,
    // Required by BullMQ for blocking connections.
    maxRetriesPerRequest: null,
  };
}

export interface BullQueueOptions {
  redisUrl: string;
  queueName?: string;
  /** Tries of a job whose worker threw (test data unreachable, …); then IE. Default 3. */
  attempts?: number;
}

const internalError = (submissionId: string, message: string): JudgeResult => ({
  submissionId,
  status: 'IE',
  timeMs: 0,
  memoryKiB: 0,
  compileMessage: '',
  message,
  tests: [],
});

/**
 * The server's side of the Redis backend: adds jobs and turns the queue's events into progress and
 * results. A job whose workers keep dying (stalled more than BullMQ allows) or keep throwing ends
 * failed, and that becomes an IE result here, so the submission never stays PD.
 */
export class BullJudgeQueue implements JudgeQueue {
  private readonly progress = new Listeners<JudgeProgress>();
  private readonly results = new Listeners<JudgeResult>();

  private constructor(
    private readonly queue: Queue,
    private readonly events: QueueEvents,
    private readonly attempts: number,
  ) {
    events.on('progress', ({ data }) => {
      if (data && typeof data === 'object') this.progress.emit(data as JudgeProgress);
    });
    events.on('completed', ({ returnvalue }) => {
      const value: unknown = typeof returnvalue === 'string' ? JSON.parse(returnvalue) : returnvalue;
      const parsed = JudgeResultSchema.safeParse(value);
      if (parsed.success) this.results.emit(parsed.data);
      else process.stderr.write(`[judge] malformed result from a worker: ${parsed.error.message}\n`);
    });
    events.on('failed', ({ jobId, failedReason }) => {
      this.reportFailure(jobId, failedReason).catch((err: Error) =>
        process.stderr.write(`[judge] could not report failed job ${jobId}: ${err.message}\n`),
      );
    });
  }

  static async create(options: BullQueueOptions): Promise<BullJudgeQueue> {
    const connection = redisConnection(options.redisUrl);
    const name = options.queueName ?? DEFAULT_QUEUE_NAME;
    const { Queue, QueueEvents } = await loadBullmq();
    const queue = new Queue(name, { connection });
    const events = new QueueEvents(name, { connection });
    await Promise.all([queue.waitUntilReady(), events.waitUntilReady()]);
    return new BullJudgeQueue(queue, events, options.attempts ?? 3);
  }

  async submit(input: JudgeJobInput): Promise<void> {
    const job = JudgeJobSchema.parse(input);
    await this.queue.add('judge', job, {
      // One job per submission and judge version: queued twice (two nodes starting at once), it is
      // judged once.
      jobId: bullJobId(job.submissionId),
      attempts: this.attempts,
      backoff: { type: 'exponential', delay: 1000 },
      // Kept a while so a failure can still be traced to its submission.
      removeOnComplete: { age: 3600, count: 10_000 },
      removeOnFail: { age: 7 * 24 * 3600 },
    });
  }

  onProgress(listener: (event: JudgeProgress) => void) {
    return this.progress.add(listener);
  }

  onResult(listener: (result: JudgeResult) => void) {
    return this.results.add(listener);
  }

  async depth(): Promise<number> {
    return this.queue.getJobCountByTypes('waiting', 'active', 'delayed', 'prioritized');
  }

  async resume(submissionId: string): Promise<'queued' | 'finished' | 'unknown'> {
    const { Job } = await loadBullmq();
    const job = await Job.fromId<JudgeJob>(this.queue, bullJobId(submissionId));
    if (!job) return 'unknown';
    const state = await job.getState();
    if (state === 'completed') {
      const parsed = JudgeResultSchema.safeParse(job.returnvalue);
      if (!parsed.success) return 'unknown';
      this.results.emit(parsed.data);
      return 'finished';
    }
    if (state === 'failed') {
      this.results.emit(internalError(submissionId, `评测机多次尝试均失败：${job.failedReason}`));
      return 'finished';
    }
    return state === 'unknown' ? 'unknown' : 'queued';
  }

  /**
   * Re-emits the results of jobs that finished while no producer was listening (a server restart):
   * completed jobs give their result, failed ones IE. Jobs are kept an hour after completion (a
   * week after failure). Listeners must be idempotent: a submission already judged is skipped by
   * the server. Returns how many results were emitted.
   */
  async replayFinished(): Promise<number> {
    let emitted = 0;
    for (const job of await this.queue.getJobs(['completed'])) {
      const parsed = JudgeResultSchema.safeParse(job.returnvalue);
      if (parsed.success) {
        this.results.emit(parsed.data);
        emitted++;
      }
    }
    for (const job of await this.queue.getJobs(['failed'])) {
      this.results.emit(internalError(job.data.submissionId, `评测机多次尝试均失败：${job.failedReason}`));
      emitted++;
    }
    return emitted;
  }

  /** This side only adds jobs and listens: there is nothing to pause (workers pause themselves). */
  async pause(): Promise<void> {}

  async close(): Promise<void> {
    await this.events.close();
    await this.queue.close();
  }

  private async reportFailure(jobId: string, reason: string): Promise<void> {
    const { Job } = await loadBullmq();
    const job = await Job.fromId<JudgeJob>(this.queue, jobId);
    if (!job) {
      process.stderr.write(`[judge] job ${jobId} failed (${reason}) but is gone from Redis\n`);
      return;
    }
    this.results.emit(internalError(job.data.submissionId, `评测机多次尝试均失败：${reason}`));
  }
}

/** BullMQ refuses job ids that are integers or hold ':'; ours are `<submission>.<version>`. */
const bullJobId = (submissionId: string) => `judge.${submissionId.replace(/:/g, '_')}`;

export interface BullWorkerOptions {
  redisUrl: string;
  queueName?: string;
  engine: EngineOptions;
  concurrency?: number;
  /** How long a job's lock lives without renewal: a dead worker's job is retried after this. */
  lockDurationMs?: number;
  stalledIntervalMs?: number;
}

/**
 * A judge worker on the Redis backend (in the server's process or on another machine). Progress
 * goes back through the job's progress events, the result as the job's return value.
 */
export async function startBullWorker(options: BullWorkerOptions): Promise<Worker<JudgeJob, JudgeResult>> {
  const { Worker } = await loadBullmq();
  const worker = new Worker<JudgeJob, JudgeResult>(
    options.queueName ?? DEFAULT_QUEUE_NAME,
    async (job) => {
      return judge(job.data, options.engine, (event) => {
        // Progress is best effort: a lost event must not fail the judging.
        job.updateProgress(event).catch(() => {});
      });
    },
    {
      connection: redisConnection(options.redisUrl),
      concurrency: options.concurrency ?? 1,
      lockDuration: options.lockDurationMs ?? 30_000,
      stalledInterval: options.stalledIntervalMs ?? 30_000,
      maxStalledCount: 1,
    },
  );
  await worker.waitUntilReady();
  return worker;
}
