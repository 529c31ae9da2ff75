import type { JudgeQueue } from '@oj/judge';
import { loadMath408Questions } from '@oj/seed-data';
import type { AppContext } from './context';
import { uncounted } from './db/kysely';
import { Leases } from './lib/lease';
import { seedDemoProblems } from './modules/problems';
import { seedDemoLearning } from './modules/seed';

/**
 * What the composition root (services.ts) does once every service is built: the bus listeners
 * between modules, the judge's gauges, and the start and stop of the periodic work.
 */

/** Ended contests are finalised (ranks stored, ratings applied) at start-up and then this often. */
const FINISH_EVERY_MS = 60_000;
/**
 * The periodic work runs on the node holding this lease (lib/lease.ts), which keeps it from tick
 * to tick; another node takes it over once the holder has missed it for this long (it died).
 */
export const PERIODIC_LEASE = 'jobs.periodic';
export const PERIODIC_LEASE_MS = 150_000;
/** Building the search index of an older install: one node does it. */
const SEARCH_BUILD_LEASE = 'search.build';
const SEARCH_BUILD_LEASE_MS = 120_000;
/** How long a shutdown waits for running judgements before handing them back. */
export const JUDGING_GRACE_MS = 30_000;

export interface Services {
  ctx: AppContext;
  /** First-start content of the banks, re-queued judging, finished contests; then the periodic work. */
  start(): Promise<void>;
  /** Stops the periodic work and the queue, and waits for results and totals being written. */
  stop(): Promise<void>;
  /** This node's leases (tests look at who holds one). */
  leases: Leases;
}

let questions: ReturnType<typeof loadMath408Questions> | null = null;

/**
 * The bus listeners between modules, in one place: the scoreboards follow submissions and answers
 * from every node; a programming answer follows its submission's verdict on the node that stored it
 * (the answer's own event then reaches the other nodes); 站内消息 follow the forum's changes
 * through the outbox (written in the forum's transactions, handled once on any node).
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
  // 站内消息 from the forum's changes: outbox rows of the forum's transactions, idempotent handlers.
  ctx.outbox.consume('comment.added', notifications.commentsFromOutbox);
  ctx.outbox.consume('post.changed', notifications.postsFromOutbox);
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

/**
 * One tick of the periodic work, on the node holding the periodic lease only: ended contests are
 * finalised and rated, then their code similarity computed (issue 18), then homework reminders.
 * Answers whether this node ran it. Every node ticks; the lease holder keeps the lease between
 * ticks, and another node takes over when it expires.
 */
export function periodicWork(ctx: AppContext, leases: Leases): Promise<boolean> {
  const { competitions, log } = ctx;
  return leases
    .run(
      PERIODIC_LEASE,
      PERIODIC_LEASE_MS,
      () =>
        uncounted(() => competitions.finishEnded())
          .catch((err: unknown) => log.error({ err }, 'finishing ended contests'))
          .then(() => uncounted(() => ctx.similarity.runDue()))
          .catch((err: unknown) => log.error({ err }, 'code similarity of ended contests'))
          .then(() => uncounted(() => ctx.classes.homework.notices()))
          .catch((err: unknown) => log.error({ err }, 'homework notices')),
      { keep: true, onLost: () => log.warn('the periodic work lease was lost while running') },
    )
    .catch((err: unknown) => {
      log.error({ err }, 'taking the periodic work lease');
      return false;
    });
}

/** Resolves with `p`, or with 'timeout' once `ms` passed. */
function within<T>(p: Promise<T>, ms: number): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

export function lifecycle(ctx: AppContext, queue: JudgeQueue): Services {
  const { submissions, log } = ctx;
  const leases = new Leases(ctx.db.db, ctx.node.holder, ctx.config.clock);
  let timer: NodeJS.Timeout | null = null;
  // A tick while the last one still runs (a long rating) is skipped, not run alongside.
  let ticking: Promise<boolean> | null = null;
  const finish = () => (ticking ??= periodicWork(ctx, leases).finally(() => (ticking = null)));
  // From the first moment of a shutdown (the drain, before `stop`), this node's judge workers take
  // no new job: the other nodes and workers take them instead of this node finishing them late.
  ctx.node.onStopping(() => {
    queue.pause().catch((err: unknown) => log.warn({ err }, 'pausing the judge workers'));
  });
  return {
    ctx,
    leases,
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
      // An install that had content before the search: its index is built once, in the background,
      // by one node (the others find it built on their next start).
      void leases
        .run(SEARCH_BUILD_LEASE, SEARCH_BUILD_LEASE_MS, () => uncounted(() => ctx.search.ensureBuilt()))
        .catch((err: unknown) => log.error({ err }, 'building the search index'));
      await ctx.competitions.warmBoards(); // issue 28: no board rebuilt on a ranking request after start
      ctx.node.ready();
    },
    async stop() {
      // Readiness fails from here on (the proxy sends requests elsewhere); no new periodic work.
      ctx.node.stopping();
      if (timer) clearInterval(timer);
      await ticking;
      // A running import ends first (marked interrupted), while the database is still open.
      await ctx.transfer.stop();
      await ctx.outbox.stop();
      // Another node takes the periodic work at its next tick instead of waiting for expiry.
      await leases.release(PERIODIC_LEASE).catch(() => {});
      // No new jobs are taken; running judgements get a grace period. Those not finished by then
      // stay pending (BullMQ: back in Redis for another worker once stalled; in-process: re-queued
      // by the next start's recover), so they are handed back rather than lost.
      if ((await within(queue.close(), JUDGING_GRACE_MS)) === 'timeout')
        log.warn({ graceMs: JUDGING_GRACE_MS }, 'judgements still running at shutdown are handed back');
      else {
        await submissions.drain();
        await ctx.jury.drain();
        await ctx.rejudge.drain();
      }
      await ctx.competitions.drain();
      submissions.close();
      await ctx.limiter.close();
      ctx.mailer.close();
      await ctx.bus.close();
    },
  };
}
