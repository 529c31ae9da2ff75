import { join } from 'node:path';
import { createJudgeQueue, type JudgeQueue } from '@oj/judge';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { loadMath408Questions } from '@oj/seed-data';
import type { AppContext } from './context';
import { uncounted, type Db } from './db/kysely';
import { createDomainBus, type DomainBus } from './events';
import type { Config } from './lib/config';
import { redisTransport } from './lib/event-bus';
import { Metrics } from './lib/metrics';
import { Outbox } from './lib/outbox';
import { MemoryRateLimitStore, RateLimiter, RedisRateLimitStore } from './lib/rate-limit';
import { createAnnouncementsService } from './modules/announcements';
import { createCodesService, createSessionsService } from './modules/auth';
import { createCompetitionsService, type CompetitionsService } from './modules/competitions';
import { createCoursesService, type CoursesService } from './modules/courses';
import { createFilesService, LocalStorage } from './modules/files';
import { createForumService, type ForumService } from './modules/forum';
import { createHomeService, ip2regionLocator } from './modules/home';
import { loadOrCreateKeys } from './modules/keys';
import { createMailer } from './modules/mail';
import { createMath408Service, type Math408Service } from './modules/math408';
import { createModerationService, type ModerationService } from './modules/moderation';
import { createNotificationsService, type NotificationsService } from './modules/notifications';
import { createOAuthService } from './modules/oauth';
import { createPaymentsService, type PaymentsService } from './modules/payments';
import { createPicturesService } from './modules/pictures';
import { createProblemsService, seedDemoProblems, TestDataStorage } from './modules/problems';
import { createTransferService } from './modules/problem-transfer';
import {
  batches,
  competitionSource,
  courseSource,
  createSearchService,
  postSource,
  problemSource,
  userSource,
  type SearchService,
} from './modules/search';
import { createReplaysService, type ReplaysService } from './modules/replays';
import { seedDemoLearning } from './modules/seed';
import { createSocialService } from './modules/social';
import { createSubmissionsService, type SubmissionsService } from './modules/submissions';
import { createUsersService } from './modules/users';
import { createClarificationsService } from './modules/clarifications';
import { createSimilarityService } from './modules/similarity';

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

type Base = { db: Db; log: FastifyBaseLogger; redis: Redis | null; redisPrefix: string };

/** What every module stands on: the event bus, the outbox, rate limits, mail and sessions. */
async function infrastructure(config: Config, base: Base) {
  const { db, log, redis } = base;
  const onError = (err: unknown, what: string) => log.error({ err }, what);
  const bus = createDomainBus(
    redis ? await redisTransport(redis, `${base.redisPrefix}events`) : undefined,
    (err, event) => onError(err, `a listener of ${event}`),
  );
  const outbox = new Outbox(db.db, (err, topic) => onError(err, `outbox consumer of ${topic}`));
  const limiter = new RateLimiter(
    redis ? new RedisRateLimitStore(redis, base.redisPrefix) : new MemoryRateLimitStore(config.clock),
    config.rateLimits,
  );
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    dataDir: config.dataDir,
    from: config.mailFrom,
    log,
  });
  const sessions = createSessionsService({
    db: db.db,
    ttlMs: config.sessionTtlMs,
    clock: config.clock,
    redis,
    redisPrefix: base.redisPrefix,
  });
  return { onError, bus, outbox, limiter, mailer, sessions };
}

/**
 * The composition root: builds every service once, in dependency order, and wires the gates and
 * listeners between modules in one place (`wire` below), so no module finds another by itself.
 */
export async function buildServices(config: Config, base: Base): Promise<Services> {
  const { db, log } = base;
  const { onError, bus, outbox, limiter, mailer, sessions } = await infrastructure(config, base);
  const users = createUsersService({ db: db.db, sessions, argon2: config.argon2, outbox });
  const defaults = { avatar: '', background: '' };
  const testData = new TestDataStorage(join(config.dataDir, 'testdata'));
  const problems = createProblemsService({ db: db.db, storage: testData, outbox });
  const queue = await createJudgeQueue({
    testData: testData.judgeStore(),
    redisUrl: config.redisUrl || undefined,
    queueName: config.judgeQueue,
    localWorkers: config.judgeWorkers,
  });
  const submissions = createSubmissionsService({ db: db.db, problems, users, queue, bus, onError });
  const math408 = createMath408Service({ db: db.db, problems, submissions, bus, onError });
  const competitions = createCompetitionsService({
    db: db.db,
    users,
    problems,
    submissions,
    math408,
    bus,
    argon2: config.argon2,
    limiter,
    onError,
    outbox,
  });
  // The forum owns the gate of solution material (a running contest's lock, the after-AC policy)
  // that the search, the replays and the solution video ask too.
  const forum = createForumService({
    db: db.db,
    users,
    problems,
    bus,
    outbox,
    contests: competitions.postContests,
  });
  const search = createSearchService({
    db: db.db,
    dialect: db.dialect,
    outbox,
    hiddenProblems: () => problems.hiddenIds(),
    solutions: forum.solutionGate,
    userIdByAccount: async (account) => (await users.byAccount(account))?.id,
    briefs: (ids) => users.briefs(ids),
    onError,
  });
  const courses = createCoursesService({
    db: db.db,
    problems,
    math408,
    users,
    outbox,
    dataDir: config.dataDir,
    video: config.video,
    solutions: forum.solutionGate,
  });
  const notifications = createNotificationsService({
    db: db.db,
    users,
    posts: forum,
    bus,
    clock: config.clock,
  });
  const moderation = createModerationService({ db: db.db, users, clock: config.clock });
  // What is sold is linked in wire(): `payments.useCatalog(...)` (the courses).
  const payments = createPaymentsService({ db: db.db, users, outbox, config, onError });
  if (payments.provider === 'sandbox')
    log.warn('payments use the sandbox checkout (no money moves): set OJ_PAY_PROVIDER=lantu to sell courses');
  // Issue 18: both ask the contests module through its narrow `extras` reads.
  const clarifications = createClarificationsService({
    db: db.db,
    users,
    bus,
    clock: config.clock,
    contests: competitions.extras,
  });
  const similarity = createSimilarityService({
    db: db.db,
    users,
    clock: config.clock,
    contests: competitions.extras,
    submissions,
    onError,
  });
  const replays = createReplaysService({
    db: db.db,
    submissions,
    problems,
    users,
    solutions: forum.solutionGate,
  });
  wire({
    bus,
    submissions,
    math408,
    competitions,
    notifications,
    moderation,
    courses,
    payments,
    forum,
    replays,
    onError,
  });
  searchSources(search, { problems, users, competitions, forum, courses });

  const announcements = createAnnouncementsService({ db: db.db, users, clock: config.clock });
  const social = createSocialService({ db: db.db, users, clock: config.clock });
  // Recent visitors are recorded from the users module's counted card views.
  users.useCardViews(social.recordVisit);

  const files = createFilesService(db.db, new LocalStorage(join(config.dataDir, 'files')));
  const ctx: AppContext = {
    config,
    db,
    log,
    metrics: new Metrics(),
    limiter,
    bus,
    outbox,
    openStreams: new Set(),
    keys: loadOrCreateKeys(config.dataDir),
    mailer,
    sessions,
    codes: createCodesService(db.db, mailer, config.emailCodeTtlMs, config.clock),
    users,
    files,
    pictures: createPicturesService({ db: db.db, users, defaultBackground: () => defaults.background }),
    oauth: createOAuthService({ db: db.db, users, config }),
    defaults,
    problems,
    testData,
    submissions,
    math408,
    competitions,
    search,
    courses,
    notifications,
    moderation,
    payments,
    forum,
    announcements,
    home: createHomeService({ problems, competitions, forum, announcements, locator: ip2regionLocator() }),
    social,
    transfer: createTransferService({ problems, files, db: db.db, clock: config.clock, onError }),
    clarifications,
    similarity,
    replays,
  };
  judgeGauges(ctx);
  return lifecycle(ctx, queue);
}

/**
 * Every link between modules, in one place. Gates and rules: contest submissions and answers are
 * admitted by the contests module, which also decides the freeze rule of every verdict read path
 * and who may read a contest's hidden problems and questions. Listeners: the scoreboards follow submissions and answers from every
 * node; a programming answer follows its submission's verdict on the node that stored it (the
 * answer's own event then reaches the other nodes).
 */
function wire(s: {
  bus: DomainBus;
  submissions: SubmissionsService;
  math408: Math408Service;
  competitions: CompetitionsService;
  notifications: NotificationsService;
  moderation: ModerationService;
  courses: CoursesService;
  payments: PaymentsService;
  forum: ForumService;
  replays: ReplaysService;
  onError: (err: unknown, what: string) => void;
}): void {
  const { bus, submissions, math408, competitions, notifications, moderation, courses, payments, forum } = s;
  const { boards } = competitions;
  const report = (what: string) => (err: unknown) => s.onError(err, what);

  submissions.useContests(competitions.submissionContests);
  math408.useContests(competitions.questionContests);

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
  // What is sold: the courses. A verified payment enrols (through the outbox), a refund unenrols.
  payments.useCatalog({
    priceOf: courses.priceOf,
    isMember: courses.isMember,
    enrol: courses.enrol,
    unenrol: courses.unenrol,
  });
  // Moderation acts on the forum's posts and comments; a mute stops its user writing in the forum.
  moderation.useTargets(forum.moderationTargets);
  forum.useWriteGate(moderation.writeBlock);
  // Code replay: timelines sent with submissions are stored by the replays module.
  s.submissions.useReplays(s.replays.sink);
}

/**
 * The kinds the search indexes, each kept in sync through the outbox topic of its name ('post' and
 * 'course' are written by the forum and the courses).
 */
function searchSources(
  search: SearchService,
  s: Pick<AppContext, 'problems' | 'users' | 'competitions' | 'forum' | 'courses'>,
): void {
  search.useSource('problem', problemSource(s.problems));
  search.useSource('user', userSource(s.users));
  search.useSource('competition', competitionSource(s.competitions));
  search.useSource(
    'post',
    postSource(s.forum.postsForIndex, () => batches(s.forum.postIdsAfter)),
  );
  search.useSource(
    'course',
    courseSource(s.courses.coursesForIndex, () => batches(s.courses.courseIdsAfter)),
  );
}

function judgeGauges(ctx: AppContext): void {
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

function lifecycle(ctx: AppContext, queue: JudgeQueue): Services {
  const { competitions, submissions, log } = ctx;
  let timer: NodeJS.Timeout | null = null;
  // Ended contests are finalised, then their code similarity is computed once (issue 18).
  const finish = () =>
    uncounted(() => competitions.finishEnded())
      .catch((err: unknown) => log.error({ err }, 'finishing ended contests'))
      .then(() => uncounted(() => ctx.similarity.runDue()))
      .catch((err: unknown) => log.error({ err }, 'code similarity of ended contests'));
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
      await competitions.drain();
      submissions.close();
      await ctx.limiter.close();
      ctx.mailer.close();
      await ctx.bus.close();
    },
  };
}
