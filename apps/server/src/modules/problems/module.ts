import { join } from 'node:path';
import { createJudgeQueue } from '@oj/judge';
import type { AppContext } from '../../context';
import { loadMath408Questions } from '../../../../../scripts/seed-data/math408/index';
import { registerMath408Routes } from '../math408/routes';
import { createMath408Service, type Math408Service } from '../math408/service';
import type { AppModule } from '../registry';
import { ProgressHub } from '../submissions/hub';
import { registerSubmissionRoutes } from '../submissions/routes';
import { createSubmissionsService, type SubmissionsService } from '../submissions/service';
import { registerProblemRoutes } from './routes';
import { seedDemoProblems } from './seed';
import { createProblemsService, type ProblemsService } from './service';
import { TestDataStorage } from './testdata-storage';

export interface ProblemBank {
  problems: ProblemsService;
  submissions: SubmissionsService;
  math408: Math408Service;
}

const banks = new WeakMap<AppContext, ProblemBank>();
let questions: ReturnType<typeof loadMath408Questions> | null = null;

/** The bank's services for other modules (contests will submit through `submissions`). */
export function problemBankOf(ctx: AppContext): ProblemBank {
  const bank = banks.get(ctx);
  if (!bank) throw new Error('the problem bank module is not registered');
  return bank;
}

/**
 * The problem bank, judging and the math / 408 bank: builds their services and the judge queue
 * (in-process, or BullMQ when REDIS_URL is set), registers the routes, seeds the demo content on
 * first start and re-queues submissions a crash left pending.
 */
export const problemBankModule: AppModule = {
  name: 'problems',
  async routes(app, ctx) {
    const db = ctx.db.db;
    const storage = new TestDataStorage(join(ctx.config.dataDir, 'testdata'));
    const problems = createProblemsService({ db, storage });
    const queue = await createJudgeQueue({
      testData: storage.judgeStore(),
      redisUrl: ctx.config.redisUrl || undefined,
      queueName: ctx.config.judgeQueue,
      localWorkers: ctx.config.judgeWorkers,
    });
    const hub = new ProgressHub();
    const submissions = createSubmissionsService({
      db,
      problems,
      users: ctx.users,
      queue,
      hub,
      onError: (err, what) => ctx.log.error({ err }, what),
    });
    const math408 = createMath408Service({
      db,
      problems,
      submissions,
      onError: (err, what) => ctx.log.error({ err }, what),
    });
    banks.set(ctx, { problems, submissions, math408 });

    ctx.metrics.gauge(
      'oj_judge_queue_depth',
      'Submissions waiting or being judged.',
      () => submissions.stats.depth,
    );
    ctx.metrics.gauge(
      'oj_judge_judged_total',
      'Verdicts stored since start.',
      () => submissions.stats.judged,
    );
    ctx.metrics.gauge(
      'oj_judge_latency_seconds',
      'Submit-to-verdict time of the last judged submission.',
      () => submissions.stats.lastLatencyMs / 1000,
    );
    ctx.metrics.gauge(
      'oj_judge_latency_mean_seconds',
      'Submit-to-verdict time, exponentially weighted mean.',
      () => submissions.stats.meanLatencyMs / 1000,
    );

    const openStreams = new Set<() => void>();
    registerProblemRoutes(app, { problems, submissions });
    registerSubmissionRoutes(app, {
      config: ctx.config,
      limiter: ctx.limiter,
      submissions,
      hub,
      storage,
      openStreams,
    });
    registerMath408Routes(app, { math408, limiter: ctx.limiter });

    // Live streams would keep the server from closing; judging finishes and is stored first.
    app.addHook('preClose', async () => {
      for (const end of [...openStreams]) end();
    });
    app.addHook('onClose', async () => {
      await queue.close();
      await submissions.drain();
    });

    if (ctx.config.seedDemo) {
      await seedDemoProblems(problems);
      questions ??= loadMath408Questions();
      await math408.seed(await questions);
    }
    const requeued = await submissions.recover();
    if (requeued) ctx.log.info({ requeued }, 're-queued submissions left pending');
  },
};
