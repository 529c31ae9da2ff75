// `npm run -s judge -- run …` judges one source against a folder of tests and prints one JSON
// object; `languages [--json]` lists the languages; `worker` serves the Redis queue. Logs go to
// stderr only.
import { join } from 'node:path';
import { readFile } from 'node:fs/promises';
import type { CheckerSpec } from '@oj/shared';
import { parseArgs, UsageError, USAGE, type RunArgs } from './cli-args';
import { judge } from './engine';
import { defaultJudgeConcurrency } from './lanes';
import { listLanguages, languagesTable } from './cli-languages';
import { listTests, toCliJson } from './cli-output';
import { DEFAULT_QUEUE_NAME, startBullWorker } from './queue/bullmq';
import { defaultCacheRoot } from './paths';
import { realSandbox, weighServing } from './sandbox';
import { HttpTestDataStore, LocalFilesStore } from './testdata';

const log = (message: string) => process.stderr.write(`[judge] ${message}\n`);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function checkerSpec(args: RunArgs): Promise<CheckerSpec> {
  if (args.checker) {
    const source = await readFile(args.checker, 'utf8');
    // An author's own testlib.h beside the checker is compiled with it.
    const testlib = await readFile(join(args.checker, '..', 'testlib.h'), 'utf8').catch(() => undefined);
    return {
      kind: 'special',
      language: 'C++',
      source,
      files: testlib === undefined ? [] : [{ name: 'testlib.h', content: testlib }],
    };
  }
  if (args.floatEps !== undefined) return { kind: 'float', absolute: args.floatEps, relative: args.floatEps };
  return { kind: 'default' };
}

async function runCommand(args: RunArgs): Promise<void> {
  const source = await readFile(args.source, 'utf8');
  const store = new LocalFilesStore();
  const tests = [];
  for (const t of await listTests(args.tests)) {
    tests.push({ name: t.name, inputHash: await store.add(t.input), answerHash: await store.add(t.answer) });
  }
  const started = Date.now();
  // Per-test cost as a user sees it: the time between one test's result and the next one's.
  const testAt: number[] = [];
  const result = await judge(
    {
      submissionId: `cli-${process.pid}`,
      language: args.lang,
      options: args.options,
      source,
      limits: { timeMs: args.timeMs, memoryMiB: args.memoryMiB },
      tests,
      checker: await checkerSpec(args),
      mode: args.all ? 'all' : 'first-failure',
    },
    { testData: store },
    (e) => {
      if (e.kind === 'compiling') log('compiling');
      if (e.kind === 'test') testAt.push(performance.now());
      if (e.kind === 'test')
        log(
          `test ${e.test}/${e.total} ${e.result.name}: ${e.result.status} ${e.result.timeMs} ms ${e.result.memoryKiB} KiB`,
        );
    },
  );
  log(`${result.status} in ${Date.now() - started} ms`);
  const gaps = testAt.slice(1).map((t, i) => t - testAt[i]);
  if (gaps.length > 0)
    log(
      `per test: median ${median(gaps).toFixed(2)} ms over ${testAt.length} tests (${(
        (testAt[testAt.length - 1] - testAt[0]) /
        gaps.length
      ).toFixed(2)} ms mean)`,
    );
  process.stdout.write(`${JSON.stringify(toCliJson(result))}\n`);
}

async function workerCommand(): Promise<void> {
  const need = (name: string) => {
    const value = process.env[name];
    if (!value) throw new UsageError(`environment variable ${name} is required`);
    return value;
  };
  const redisUrl = need('REDIS_URL');
  const serverUrl = need('OJ_SERVER_URL');
  const token = need('OJ_JUDGE_TOKEN');
  const queueName = process.env.OJ_JUDGE_QUEUE ?? DEFAULT_QUEUE_NAME;
  const concurrency = Number(process.env.OJ_JUDGE_CONCURRENCY ?? defaultJudgeConcurrency());
  // A worker that cannot sandbox would only turn every job it takes into IE: refuse to start.
  const sandbox = await realSandbox.check();
  if (!sandbox.ok) throw new Error(`this machine cannot run untrusted code safely: ${sandbox.message}`);
  const weighed = weighServing();
  log(weighed.joined ? `CPU group ${weighed.path}` : `serving CPU group not joined (${weighed.reason})`);
  const store = new HttpTestDataStore(serverUrl, token, join(defaultCacheRoot(), 'testdata'));
  const worker = await startBullWorker({
    redisUrl,
    queueName,
    concurrency,
    engine: { testData: store },
    lockDurationMs: process.env.OJ_JUDGE_LOCK_MS ? Number(process.env.OJ_JUDGE_LOCK_MS) : undefined,
    stalledIntervalMs: process.env.OJ_JUDGE_STALLED_MS ? Number(process.env.OJ_JUDGE_STALLED_MS) : undefined,
  });
  worker.on('active', (job) => log(`judging submission ${job.data.submissionId}`));
  worker.on('completed', (job, result) => log(`submission ${job.data.submissionId}: ${result.status}`));
  worker.on('failed', (job, err) =>
    log(`submission ${job?.data.submissionId}: attempt failed: ${err.message}`),
  );
  worker.on('error', (err) => log(`worker error: ${err.message}`));
  log(
    `worker ready: queue ${queueName} on ${new URL(redisUrl).host}, ${concurrency} at once, test data from ${serverUrl}`,
  );
  const stop = async () => {
    log('stopping: finishing the jobs in hand');
    await worker.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

async function main(): Promise<void> {
  try {
    const args = parseArgs(process.argv.slice(2));
    if (args.command === 'run') await runCommand(args);
    else if (args.command === 'languages') {
      const list = await listLanguages();
      process.stdout.write(`${args.json ? JSON.stringify(list, null, 2) : languagesTable(list)}\n`);
    } else await workerCommand();
  } catch (err) {
    if (err instanceof UsageError) {
      log(err.message);
      log(USAGE);
      process.exit(2);
    }
    log(`failed: ${(err as Error).stack ?? err}`);
    process.exit(1);
  }
}

await main();
