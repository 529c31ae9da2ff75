import type { JudgeJobInput } from '@oj/shared';
import type { EngineOptions } from '../engine';
import { defaultJudgeConcurrency } from '../lanes';
import { weighServing } from '../sandbox';
import { BullJudgeQueue, startBullWorker } from './bullmq';
import { InProcessJudgeQueue } from './in-process';
import type { JudgeQueue } from './types';

export interface CreateQueueOptions extends EngineOptions {
  /** With a Redis URL the BullMQ backend is used; without, the in-process one. */
  redisUrl?: string;
  queueName?: string;
  /**
   * Workers started inside this process. In-process: default one per core (defaultJudgeConcurrency).
   * With Redis: the same default, so a single machine with REDIS_URL still judges; 0 leaves judging
   * to remote workers (`npm run judge -- worker`).
   */
  localWorkers?: number;
}

/** The server's one call: a queue it submits to and listens on, whatever the backend. */
export async function createJudgeQueue(options: CreateQueueOptions): Promise<JudgeQueue> {
  const workers = options.localWorkers ?? defaultJudgeConcurrency(options.cores);
  // Judging here: serving (this process) outweighs the boxes, docs/judge-speed.md "CPU weight".
  if (!options.redisUrl || workers > 0) weighServing();
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
    resume: (submissionId: string) => queue.resume(submissionId),
    replayFinished: () => queue.replayFinished(),
    // The node's workers take no new job while it drains: the other nodes and workers take them.
    pause: () => worker.pause(true),
    close: async () => {
      await worker.close();
      await queue.close();
    },
  };
}
