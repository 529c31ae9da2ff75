import type { JudgeQueue } from '@oj/judge';
import { loadMath408Questions } from '@oj/seed-data';
import type { AppContext } from './context';
import { uncounted } from './db/kysely';
import { seedDemoProblems } from './modules/problems';
import { seedDemoLearning } from './modules/seed';

/**
 * What the composition root (services.ts) does once every service is built: the bus listeners
 * between modules, the judge's gauges, and the start and stop of the periodic work.
 */

/** Ended contests are finalised (ranks stored, ratings applied) at start-up and then this often. */
const FINISH_EVERY_MS = 60_000;

export interface Services {
  ctx: AppContext;
  /** First-start content of the banks, re-queued judging, finished contests; then the periodic work. */
  start(): Promise<void>;
  /** Stops the periodic work and the queue, and waits for results and totals being written. */
  stop(): Promise<void>;
}

let questions: ReturnType<typeof loadMath408Questions> | null = null;

/**
 * The bus listeners between modules, in one place: the scoreboards follow submissions and answers
 * from every node; a programming answer follows its submission's verdict on the node that stored it
 * (the answer's own event then reaches the other nodes); 站内消息 follow the forum's changes.
 */
export function wire(ctx: AppContext): void {
  const { bus, math408, competitions, notifications } = ctx;
  const { boards } = competitions;
  const report = (what: string) => (err: unknown) => ctx.log.error({ err }, what);
  bus.on('submission.changed', ({ submission }) => {
    if (submission.competition_id !== null)
      void boards.onSubmission(submission).catch(report('contest scoreboard update'));
  });
  bus.on(
    'answer.changed',
    (answer) => void boards.onAnswer(answer).catch(report('contest scoreboard update')),
  );
  bus.on('submission.changed', ({ submission }, { local }) => {
    if (local)
      void math408.followVerdict(submission).catch(report('following a math408 programming verdict'));
  });
  // Another node changed a contest (edit, join, freeze, rating): this node's board is reloaded.
  bus.on('contest.changed', ({ competition_id }, { local }) => {
    if (!local) boards.invalidate(competition_id);
  });
  // 站内消息 from the forum's changes, on the node that stored them only (others would repeat them).
  bus.on('comment.added', (e, { local }) => {
    if (local) void notifications.onComment(e).catch(report('notifications of a comment'));
  });
  bus.on('post.changed', (e, { local }) => {
    if (local) void notifications.onPost(e).catch(report('notifications of a post change'));
  });
}

export function judgeGauges(ctx: AppContext): void {
  const { stats } = ctx.submissions;
  const { metrics } = ctx;
  metrics.gauge('oj_judge_queue_depth', 'Submissions waiting or being judged.', () => stats.depth);
  metrics.gauge('oj_judge_judged_total', 'Verdicts stored since start.', () => stats.judged);
  metrics.gauge(
    'oj_judge_latency_seconds',
    'Submit-to-verdict time of the last judged submission.',
    () => stats.lastLatencyMs / 1000,
  );
  metrics.gauge(
    'oj_judge_latency_mean_seconds',
    'Submit-to-verdict time, exponentially weighted mean.',
    () => stats.meanLatencyMs / 1000,
  );
}

export function lifecycle(ctx: AppContext, queue: JudgeQueue): Services {
  const { competitions, submissions, log } = ctx;
  let timer: NodeJS.Timeout | null = null;
  // Ended contests are finalised, then their code similarity is computed once (issue 18).
  const finish = () =>
    uncounted(() => competitions.finishEnded())
      .catch((err: unknown) => log.error({ err }, 'finishing ended contests'))
      .then(() => uncounted(() => ctx.similarity.runDue()))
      .catch((err: unknown) => log.error({ err }, 'code similarity of ended contests'))
      .then(() => uncounted(() => ctx.classes.homework.notices()))
      .catch((err: unknown) => log.error({ err }, 'homework notices'));
  return {
    ctx,
    async start() {
      if (ctx.config.seedDemo) {
        await seedDemoProblems(ctx.problems);
        questions ??= loadMath408Questions();
        await ctx.math408.seed(await questions);
        if (ctx.config.seedDemoCommunity) await seedDemoLearning(ctx);
      }
      const requeued = await submissions.recover();
      if (requeued) log.info({ requeued }, 're-queued submissions left pending');
      const juryRequeued = await ctx.jury.recover();
      if (juryRequeued) log.info({ juryRequeued }, 're-queued jury runs left pending');
      const rejudgeRequeued = await ctx.rejudge.recover();
      if (rejudgeRequeued) log.info({ rejudgeRequeued }, 're-queued rejudge set runs left pending');
      await finish();
      timer = setInterval(() => void finish(), FINISH_EVERY_MS).unref();
      // Consumers registered while building the services; what a crash left waiting runs now.
      ctx.outbox.start();
      // An install that had content before the search: its index is built once, in the background.
      void uncounted(() => ctx.search.ensureBuilt()).catch((err: unknown) =>
        log.error({ err }, 'building the search index'),
      );
    },
    async stop() {
      if (timer) clearInterval(timer);
      // A running import ends first (marked interrupted), while the database is still open.
      await ctx.transfer.stop();
      await ctx.outbox.stop();
      // Judging finishes and is stored first, then the boards write their last totals.
      await queue.close();
      await submissions.drain();
      await ctx.jury.drain();
      await ctx.rejudge.drain();
      await competitions.drain();
      submissions.close();
      await ctx.limiter.close();
      ctx.mailer.close();
      await ctx.bus.close();
    },
  };
}
