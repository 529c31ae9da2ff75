import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { JudgeJobInput, JudgeProgress, JudgeResult } from '@oj/shared';
import { ROOT } from '../paths';
import { sandboxReady } from '../../test/fixture';
import { HttpTestDataStore } from '../testdata';
import { BullJudgeQueue, redisConnection } from './bullmq';
import { createJudgeQueue } from './create';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisAnswers(url: string): Promise<boolean> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

// Skipped only when Redis is absent: with TEST_REDIS_URL set (CI), an unreachable Redis fails the suite.
const redisUp = process.env.TEST_REDIS_URL ? true : await redisAnswers(REDIS_URL);
const sandbox = await sandboxReady();
if (!redisUp) process.stderr.write(`[judge tests] no Redis at ${REDIS_URL}: BullMQ tests skipped\n`);

const sha = (s: string) => createHash('sha256').update(s).digest('hex');
const TOKEN = `token-${randomUUID()}`;
// A unique queue per run: parallel runs and earlier runs never see each other's jobs.
const QUEUE = `oj-judge-test-${process.pid}-${Date.now()}`;

/** The test data server a remote worker talks to (the real endpoint lives in the server app). */
const files = new Map<string, string>();
const addFile = (content: string) => {
  files.set(sha(content), content);
  return sha(content);
};

const AB =
  '#include <cstdio>\nint main() { long long a, b; scanf("%lld %lld", &a, &b); printf("%lld\\n", a + b); }\n';
// Sleeps (no CPU) so a job lasts long enough to kill its worker in the middle of it.
const SLOW_AB =
  '#include <cstdio>\n#include <unistd.h>\nint main() { long long a, b; scanf("%lld %lld", &a, &b); usleep(700000); printf("%lld\\n", a + b); }\n';

const abTests = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    name: String(i + 1),
    inputHash: addFile(`${i} ${i + 1}\n`),
    answerHash: addFile(`${2 * i + 1}\n`),
  }));

describe.skipIf(!redisUp || !sandbox.ok)('BullMQ judge queue with remote workers', () => {
  let server: Server;
  let serverUrl: string;
  let downloads = 0;
  let cacheDir: string;
  let queue: BullJudgeQueue;
  const workers = new Set<ChildProcess>();
  const progress: JudgeProgress[] = [];
  const results = new Map<string, JudgeResult>();
  const waiters = new Map<string, (r: JudgeResult) => void>();

  const resultOf = (id: string) =>
    new Promise<JudgeResult>((resolve) => {
      const have = results.get(id);
      if (have) resolve(have);
      else waiters.set(id, resolve);
    });

  /** A real `npm run judge -- worker` process, configured only through its environment. */
  function startWorker(): ChildProcess {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'packages/judge/src/cli.ts'), 'worker'],
      {
        cwd: ROOT,
        env: {
          ...process.env,
          REDIS_URL,
          OJ_SERVER_URL: serverUrl,
          OJ_JUDGE_TOKEN: TOKEN,
          OJ_JUDGE_QUEUE: QUEUE,
          OJ_JUDGE_CACHE_DIR: cacheDir,
          OJ_JUDGE_CONCURRENCY: '1',
          // Short locks so a killed worker's job is noticed within seconds, not the default 30 s.
          OJ_JUDGE_LOCK_MS: '2000',
          OJ_JUDGE_STALLED_MS: '1000',
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    child.stderr?.on('data', (d: Buffer) => process.stderr.write(`[worker ${child.pid}] ${d}`));
    workers.add(child);
    child.on('exit', () => workers.delete(child));
    return child;
  }

  const kill = (child: ChildProcess) =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });

  const firstProgress = (id: string, kind: JudgeProgress['kind'], after: number) =>
    new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        if (progress.slice(after).some((e) => e.submissionId === id && e.kind === kind)) {
          clearInterval(timer);
          resolve();
        }
      }, 20);
    });

  beforeAll(async () => {
    cacheDir = await mkdtemp(join(tmpdir(), 'oj-worker-cache-'));
    server = createServer((req, res) => {
      const hash = req.url?.match(/^\/api\/judge\/testdata\/([0-9a-f]{64})$/)?.[1];
      if (req.headers.authorization !== `Bearer ${TOKEN}`) return void res.writeHead(401).end();
      if (!hash || !files.has(hash)) return void res.writeHead(404).end();
      downloads++;
      res.writeHead(200).end(files.get(hash));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    queue = await BullJudgeQueue.create({ redisUrl: REDIS_URL, queueName: QUEUE, attempts: 2 });
    queue.onProgress((e) => progress.push(e));
    queue.onResult((r) => {
      results.set(r.submissionId, r);
      waiters.get(r.submissionId)?.(r);
    });
  });

  // Each test starts the workers it needs; none outlives its test.
  afterEach(async () => {
    await Promise.all([...workers].map(kill));
  });

  afterAll(async () => {
    await queue?.close();
    const admin = new Queue(QUEUE, { connection: redisConnection(REDIS_URL) });
    await admin.obliterate({ force: true });
    await admin.close();
    server?.close();
    await rm(cacheDir, { recursive: true, force: true });
  });

  const job = (id: string, source: string, n: number): JudgeJobInput => ({
    submissionId: id,
    language: 'C++',
    source,
    limits: { timeMs: 1000, memoryMiB: 128 },
    tests: abTests(n),
  });

  it('a remote worker fetches test data by hash, reports progress and the result', async () => {
    const worker = startWorker();
    const id = `remote-${randomUUID()}`;
    await queue.submit(job(id, AB, 3));
    const result = await resultOf(id);
    expect(result).toMatchObject({ submissionId: id, status: 'AC' });
    expect(result.tests.map((t) => t.status)).toEqual(['AC', 'AC', 'AC']);
    expect(downloads).toBe(6);
    const kinds = progress.filter((e) => e.submissionId === id).map((e) => e.kind);
    expect(kinds).toEqual(['compiling', 'running', 'test', 'running', 'test', 'running', 'test']);
    // Same data again: served from the worker's disk cache, not downloaded.
    const again = `remote-${randomUUID()}`;
    await queue.submit({ ...job(again, AB, 0), tests: job(id, AB, 3).tests });
    expect((await resultOf(again)).status).toBe('AC');
    expect(downloads).toBe(6);
    await kill(worker);

    // A restarted server (a new producer) gets the results it may have missed.
    const restarted = await BullJudgeQueue.create({ redisUrl: REDIS_URL, queueName: QUEUE });
    const replayed: JudgeResult[] = [];
    restarted.onResult((r) => replayed.push(r));
    expect(await restarted.replayFinished()).toBeGreaterThanOrEqual(2);
    expect(replayed.find((r) => r.submissionId === id)).toMatchObject({ status: 'AC' });
    await restarted.close();
  }, 90_000);

  it('a worker killed mid-job does not lose the submission: another worker judges it', async () => {
    const id = `killed-${randomUUID()}`;
    const first = startWorker();
    const seen = progress.length;
    await queue.submit(job(id, SLOW_AB, 4));
    await firstProgress(id, 'test', seen);
    await kill(first);
    expect(results.has(id)).toBe(false);

    startWorker();
    const result = await resultOf(id);
    expect(result.status).toBe('AC');
    expect(result.tests).toHaveLength(4);
    // Judged from the start again by the second worker.
    expect(progress.slice(seen).filter((e) => e.submissionId === id && e.kind === 'compiling')).toHaveLength(
      2,
    );
  }, 90_000);

  it('a job queued again while in flight (a second node starting) is judged once; once finished, asked again, its result is heard again', async () => {
    const id = `twice-${randomUUID()}`;
    const seen = progress.length;
    await queue.submit(job(id, SLOW_AB, 2));
    expect(await queue.resume(id)).toBe('queued');
    const worker = startWorker();
    await firstProgress(id, 'compiling', seen);
    await queue.submit(job(id, SLOW_AB, 2));
    expect((await resultOf(id)).status).toBe('AC');
    await kill(worker);
    // Finished: asked again (a node starting), its result is heard once more, not judged again.
    const heard = new Promise<string>((r) => {
      const off = queue.onResult((res) => {
        if (res.submissionId === id) r((off(), res.status));
      });
    });
    expect(await queue.resume(id)).toBe('finished');
    expect(await heard).toBe('AC');
    expect(await queue.resume(`never-${id}`)).toBe('unknown');
    expect(progress.slice(seen).filter((e) => e.submissionId === id && e.kind === 'compiling')).toHaveLength(
      1,
    );
  }, 90_000);

  it('a job whose workers keep dying ends IE, never stuck in PD', async () => {
    const id = `doomed-${randomUUID()}`;
    let seen = progress.length;
    const a = startWorker();
    await queue.submit(job(id, SLOW_AB, 6));
    await firstProgress(id, 'running', seen);
    await kill(a);
    seen = progress.length;
    const b = startWorker();
    await firstProgress(id, 'running', seen);
    await kill(b);
    // A third worker finds the job stalled past BullMQ's allowance and fails it.
    startWorker();
    const result = await resultOf(id);
    expect(result.status).toBe('IE');
    expect(result.message).toMatch(/评测机多次尝试均失败/);
  }, 120_000);

  it('a job that keeps failing (test data unreachable) ends IE after its attempts', async () => {
    startWorker();
    const id = `unreachable-${randomUUID()}`;
    await queue.submit({
      ...job(id, AB, 0),
      tests: [{ name: '1', inputHash: sha(`missing-${id}`), answerHash: sha('x') }],
    });
    const result = await resultOf(id);
    expect(result.status).toBe('IE');
    expect(result.message).toMatch(/404/);
  }, 90_000);

  it('createJudgeQueue with a Redis URL judges with workers of its own process; paused (a node draining), they leave new jobs to others', async () => {
    const name = `${QUEUE}-local`;
    const store = new HttpTestDataStore(serverUrl, TOKEN, cacheDir);
    // Which process's workers judged a job: each reads test data through its own store.
    const judgedBy = (who: string[]) => ({ path: (hash: string) => (who.push(hash), store.path(hash)) });
    const draining: string[] = [];
    const other: string[] = [];
    const local = await createJudgeQueue({
      redisUrl: REDIS_URL,
      queueName: name,
      localWorkers: 1,
      testData: judgedBy(draining),
    });
    let second: Awaited<ReturnType<typeof createJudgeQueue>> | undefined;
    const resultFrom = (q: typeof local, id: string) =>
      new Promise<JudgeResult>((resolve) => q.onResult((r) => r.submissionId === id && resolve(r)));
    try {
      const id = `local-${randomUUID()}`;
      const done = resultFrom(local, id);
      await local.submit(job(id, AB, 2));
      expect((await done).status).toBe('AC');
      const before = draining.length;
      expect(before).toBeGreaterThan(0);

      await local.pause();
      const later = `later-${randomUUID()}`;
      const judged = resultFrom(local, later);
      await local.submit(job(later, AB, 2));
      second = await createJudgeQueue({
        redisUrl: REDIS_URL,
        queueName: name,
        localWorkers: 1,
        testData: judgedBy(other),
      });
      expect((await judged).status).toBe('AC');
      expect(draining).toHaveLength(before);
      expect(other.length).toBeGreaterThan(0);
    } finally {
      await local.close();
      await second?.close();
      const admin = new Queue(name, { connection: redisConnection(REDIS_URL) });
      await admin.obliterate({ force: true });
      await admin.close();
    }
  }, 60_000);
});
