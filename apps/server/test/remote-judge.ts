import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HttpTestDataStore, startBullWorker } from '@oj/judge';
import type { StartOptions } from '../src/index';
import { startTestServer, type TestServer } from './helpers';

type Worker = Awaited<ReturnType<typeof startBullWorker>>;

export interface RemotelyJudged {
  ts: TestServer;
  /** Where the workers keep the test data they fetched. */
  cacheDir: string;
  /** A worker as on another machine (DESIGN §4): Redis, the server's URL and the judge token only. */
  startWorker(): Promise<Worker>;
  /** Stops the workers started here, then the server, and removes the cache. */
  close(): Promise<void>;
}

/**
 * A test server on SQLite and Redis that judges nothing itself (no local workers, a judge token
 * set): its submissions wait in BullMQ for workers started with `startWorker`.
 */
export async function startRemotelyJudged(
  redisUrl: string,
  options: StartOptions = {},
): Promise<RemotelyJudged> {
  const token = 'remote-judge-token';
  const cacheDir = mkdtempSync(join(tmpdir(), 'oj-remote-cache-'));
  const ts = await startTestServer(
    { name: 'sqlite+redis', redisUrl },
    {
      ...options,
      configure: (config) => {
        options.configure?.(config);
        config.judgeToken = token;
        config.judgeWorkers = 0;
      },
    },
  );
  const workers: Worker[] = [];
  return {
    ts,
    cacheDir,
    async startWorker() {
      const worker = await startBullWorker({
        redisUrl,
        queueName: ts.server.config.judgeQueue,
        engine: { testData: new HttpTestDataStore(ts.url, token, cacheDir) },
        concurrency: 1,
      });
      workers.push(worker);
      return worker;
    },
    async close() {
      await Promise.all(workers.splice(0).map((w) => w.close()));
      await ts.close();
      rmSync(cacheDir, { recursive: true, force: true });
    },
  };
}
