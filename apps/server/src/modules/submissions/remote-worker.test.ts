import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HttpTestDataStore, startBullWorker } from '@oj/judge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/helpers';
import { submit, verdict } from '../../../test/problems';

const redisUrl = process.env.TEST_REDIS_URL?.trim();
const TOKEN = 'remote-judge-token';

/** DESIGN §4: a judge on another machine needs only Redis, the server URL and the judge token. */
describe.skipIf(!redisUrl)('a remote judge worker (BullMQ)', () => {
  let ts: TestServer;
  let worker: Awaited<ReturnType<typeof startBullWorker>>;
  const cacheDir = mkdtempSync(join(tmpdir(), 'oj-remote-cache-'));
  beforeAll(async () => {
    ts = await startTestServer(
      { name: 'sqlite+redis', redisUrl },
      {
        configure: (config) => {
          config.judgeToken = TOKEN;
          config.judgeWorkers = 0; // the server judges nothing itself
        },
      },
    );
    worker = await startBullWorker({
      redisUrl: redisUrl!,
      queueName: ts.server.config.judgeQueue,
      engine: { testData: new HttpTestDataStore(ts.url, TOKEN, cacheDir) },
      concurrency: 1,
    });
  }, 60_000);
  afterAll(async () => {
    await worker?.close();
    await ts?.close();
    rmSync(cacheDir, { recursive: true, force: true });
  });

  it('judges with test data fetched by hash over HTTP and cached', async () => {
    const { client } = await ts.register('remote_u');
    const id = await submit(client, 1000, 'Python3', 'a, b = map(int, input().split())\nprint(a + b)\n');
    const rec = await verdict(client, id);
    expect(rec.status).toBe('AC');
    expect(rec.test_results).toHaveLength(10);
    const cached = readdirSync(cacheDir, { recursive: true }).filter((f) => /[0-9a-f]{64}$/.test(String(f)));
    expect(cached.length).toBeGreaterThanOrEqual(10);
  }, 120_000);
});

/**
 * Issue 30: a node starting (or restarting after a crash) re-queues the pending submissions whose
 * job is gone, and leaves alone those still queued or being judged by the install's workers: they
 * would be judged twice otherwise.
 */
describe.skipIf(!redisUrl)('re-queueing at start with workers elsewhere (BullMQ)', () => {
  let ts: TestServer;
  const cacheDir = mkdtempSync(join(tmpdir(), 'oj-remote-cache-'));
  beforeAll(async () => {
    ts = await startTestServer(
      { name: 'sqlite+redis', redisUrl },
      {
        configure: (config) => {
          config.judgeToken = TOKEN;
          config.judgeWorkers = 0;
        },
      },
    );
  }, 60_000);
  afterAll(async () => {
    await ts?.close();
    rmSync(cacheDir, { recursive: true, force: true });
  });

  it('leaves a submission whose job is still queued to that job', async () => {
    const { client } = await ts.register('requeue_u');
    const id = await submit(client, 1000, 'Python3', 'a, b = map(int, input().split())\nprint(a + b)\n');
    const version = async () =>
      (
        await ts.server.ctx.db.db
          .selectFrom('submissions')
          .select('judge_version')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).judge_version;
    const before = await version();
    // What a node does when it starts: nothing to re-queue, the job waits for a worker.
    expect(await ts.server.ctx.submissions.recover()).toBe(0);
    expect(await version()).toBe(before);
    const worker = await startBullWorker({
      redisUrl: redisUrl!,
      queueName: ts.server.config.judgeQueue,
      engine: { testData: new HttpTestDataStore(ts.url, TOKEN, cacheDir) },
      concurrency: 1,
    });
    try {
      expect((await verdict(client, id)).status).toBe('AC');
      expect(await version()).toBe(before);
    } finally {
      await worker.close();
    }
  }, 120_000);
});
