import { availableParallelism } from 'node:os';
import type { JudgeJobInput } from '@oj/shared';
import type { EngineOptions } from '../engine';
import { BullJudgeQueue, startBullWorker } from './bullmq';
import { InProcessJudgeQueue } from './in-process';
import type { JudgeQueue } from './types';

export interface CreateQueueOptions extends EngineOptions {
  /** With a Redis URL the BullMQ backend is used; without, the in-process one. */
  redisUrl?: string;
  queueName?: string;
  /**
   * Workers started inside this process. In-process: default one per core. With Redis: default one
   * per core too, so a single machine with REDIS_URL still judges; 0 leaves judging to remote
   * workers (`npm run judge -- worker`).
   */
  localWorkers?: number;
}

/** The server's one call: a queue it submits to and listens on, whatever the backend. */
export async function createJudgeQueue(options: CreateQueueOptions): Promise<JudgeQueue> {
  const workers = options.localWorkers ?? availableParallelism();
  if (!options.redisUrl) return new InProcessJudgeQueue({ ...options, concurrency: Math.max(1, workers) });
  const queue = await BullJudgeQueue.create({ redisUrl: options.redisUrl, queueName: options.queueName });
  if (workers <= 0) return queue;
  const worker = await startBullWorker({
    redisUrl: options.redisUrl,
    queueName: options.queueName,
    engine: options,
    concurrency: workers,
  });
  return {
    submit: (job: JudgeJobInput) => queue.submit(job),
    onProgress: (l) => queue.onProgress(l),
    onResult: (l) => queue.onResult(l),
    depth: () => queue.depth(),
    replayFinished: () => queue.replayFinished(),
    close: async () => {
      await worker.close();
      await queue.close();
    },
  };
}
