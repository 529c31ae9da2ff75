import { join } from 'node:path';
import { createJudgeQueue, type JudgeQueue } from '@oj/judge';
import type { SearchKind } from '@oj/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { loadMath408Questions } from '@oj/seed-data';
import type { AppContext } from './context';
import { uncounted, type Db } from './db/kysely';
import { scoped } from './db/scoped';
import { createDomainBus } from './events';
import type { Viewer } from './lib/auth';
import type { Config } from './lib/config';
import { redisTransport } from './lib/event-bus';
import { Metrics } from './lib/metrics';
import { Outbox } from './lib/outbox';
import { MemoryRateLimitStore, RateLimiter, RedisRateLimitStore } from './lib/rate-limit';
import { ANNOUNCEMENTS_TABLES, createAnnouncementsService } from './modules/announcements';
import { createCodesService, createSessionsService } from './modules/auth';
import { createClarificationsService } from './modules/clarifications';
import { createCompetitionsService, createContestRules } from './modules/competitions';
import { createCoursesService } from './modules/courses';
import { createFilesService, LocalStorage } from './modules/files';
import { createForumService, type WriteGate } from './modules/forum';
import { createHomeService, ip2regionLocator } from './modules/home';
import { loadOrCreateKeys } from './modules/keys';
import { createMailer } from './modules/mail';
import { createMath408Service, createProgrammingAnswers } from './modules/math408';
import { createModerationService, createWriteGate, type ModerationTargets } from './modules/moderation';
import { createNotificationsService } from './modules/notifications';
import { createOAuthService } from './modules/oauth';
import { createPaymentsService, type PaymentCatalog } from './modules/payments';
import { createPicturesService } from './modules/pictures';
import { createProblemsService, seedDemoProblems, TestDataStorage } from './modules/problems';
import { createTransferService } from './modules/problem-transfer';
import { createReplaySink, createReplaysService } from './modules/replays';
import {
  batches,
  competitionSource,
  courseSource,
  createSearchService,
  postSource,
  problemSource,
  type SearchSource,
  userSource,
} from './modules/search';
import { seedDemoLearning } from './modules/seed';
import { createSimilarityService } from './modules/similarity';
import { createSocialService, createVisitLog } from './modules/social';
import { createSubmissionsService } from './modules/submissions';
import { createUsersService } from './modules/users';

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
 * Test seams, given when the server starts (`StartOptions.replace`): a part that a test stands in
 * for, passed to the constructors instead of the real one. Nothing is swapped after construction.
 */
export interface ServiceOverrides {
  /** What is sold, instead of the courses (payments tests). */
  paymentCatalog?: PaymentCatalog;
  /** Search kinds read from a fake owner (search tests). */
  searchSources?: Partial<Record<SearchKind, SearchSource>>;
  /** Whose members-only content a viewer sees, instead of the courses' members. */
  searchMembership?: (viewer: Viewer) => Promise<number[]>;
  /** What moderation acts on, instead of the forum's posts and comments. */
  moderationTargets?: ModerationTargets;
  /** Who may not write in the forum, instead of moderation's mutes. */
  writeGate?: WriteGate;
}

type Infrastructure = Awaited<ReturnType<typeof infrastructure>>;

/**
 * The composition root: builds every service once, each from its constructor with every part it
 * needs, in dependency order. Where two modules need each other, the lower part one of them needs
 * is built first on its own tables (contest rules, the math / 408 answer log, the replay sink, the
 * mute gate, the visit log), so that no service is completed after construction. Bus listeners
 * between modules are in `wire` below.
 */
export async function buildServices(config: Config, base: Base, replace: ServiceOverrides = {}): Promise<Services> {
  const infra = await infrastructure(config, base);
  const core = await judgingServices(config, base, infra);
  const community = communityServices(config, base, infra, core, replace);
  const { db, log } = base;
  const { bus, outbox, limiter, mailer, sessions } = infra;
  const defaults = { avatar: '', background: '' };
  const { users, problems, testData, submissions, math408, competitions } = core;
  const files = createFilesService(db.db, new LocalStorage(join(config.dataDir, 'files')));
  const announcements = createAnnouncementsService({
    db: scoped(db.db, ANNOUNCEMENTS_TABLES),
    users,
    clock: config.clock,
  });
  const ctx: AppContext = {
    ...community,
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
    announcements,
    home: createHomeService({
      problems,
      competitions,
      forum: community.forum,
      announcements,
      locator: ip2regionLocator(),
    }),
    social: createSocialService({ db: db.db, users, clock: config.clock }),
    transfer: createTransferService({ problems, files, db: db.db, clock: config.clock, onError: infra.onError }),
  };
  wire(ctx);
  judgeGauges(ctx);
  return lifecycle(ctx, core.queue);
}

/** Accounts, the banks, the judge and the contests: what judging a submission stands on. */
async function judgingServices(config: Config, base: Base, infra: Infrastructure) {
  const { db } = base;
  const { bus, outbox, onError } = infra;
  const users = createUsersService({
    db: db.db,
    sessions: infra.sessions,
    argon2: config.argon2,
    outbox,
    onCardView: createVisitLog({ db: db.db, clock: config.clock }),
  });
  const testData = new TestDataStorage(join(config.dataDir, 'testdata'));
  const problems = createProblemsService({ db: db.db, storage: testData, outbox });
  const queue = await createJudgeQueue({
    testData: testData.judgeStore(),
    redisUrl: config.redisUrl || undefined,
    queueName: config.judgeQueue,
    localWorkers: config.judgeWorkers,
  });
  // What contests decide for the rest of the site, over the contest tables only.
  const rules = createContestRules({ db: db.db, bus, answers: createProgrammingAnswers({ db: db.db }) });
  const submissions = createSubmissionsService({
    db: db.db,
    problems,
    users,
    queue,
    bus,
    onError,
    contests: rules.submissions,
    replays: createReplaySink({ db: db.db }),
  });
  const math408 = createMath408Service({ db: db.db, problems, submissions, bus, onError, contests: rules.questions });
  const competitions = createCompetitionsService({
    db: db.db,
    users,
    problems,
    submissions,
    math408,
    bus,
    argon2: config.argon2,
    limiter: infra.limiter,
    onError,
    outbox,
    rules,
  });
  return { users, testData, problems, queue, rules, submissions, math408, competitions };
}

/**
 * The forum and what reads through it, the courses and their payments, the search, the contest
 * extras and the replays. The forum owns the gate of solution material (a running contest's lock,
 * the after-AC policy) that the search, the replays and the solution video ask too.
 */
function communityServices(
  config: Config,
  base: Base,
  infra: Infrastructure,
  core: Awaited<ReturnType<typeof judgingServices>>,
  replace: ServiceOverrides,
) {
  const { db, log } = base;
  const { bus, outbox, onError } = infra;
  const { users, problems, submissions, math408, competitions, rules } = core;
  const clock = config.clock;
  const forum = createForumService({
    db: db.db,
    users,
    problems,
    bus,
    outbox,
    contests: rules.posts,
    writeGate: replace.writeGate ?? createWriteGate({ db: db.db, clock }),
  });
  const solutions = forum.solutionGate;
  const courses = createCoursesService({
    db: db.db,
    problems,
    math408,
    users,
    outbox,
    dataDir: config.dataDir,
    video: config.video,
    solutions,
  });
  // What is sold: the courses. A verified payment enrols (through the outbox), a refund unenrols.
  const catalog = replace.paymentCatalog ?? {
    priceOf: courses.priceOf,
    isMember: courses.isMember,
    enrol: courses.enrol,
    unenrol: courses.unenrol,
  };
  const payments = createPaymentsService({ db: db.db, users, outbox, config, onError, catalog });
  if (payments.provider === 'sandbox')
    log.warn('payments use the sandbox checkout (no money moves): set OJ_PAY_PROVIDER=lantu to sell courses');
  const search = createSearchService({
    db: db.db,
    dialect: db.dialect,
    outbox,
    hiddenProblems: () => problems.hiddenIds(),
    solutions,
    userIdByAccount: async (account) => (await users.byAccount(account))?.id,
    briefs: (ids) => users.briefs(ids),
    onError,
    sources: { ...searchSources({ problems, users, competitions, forum, courses }), ...replace.searchSources },
    membership: replace.searchMembership ?? courses.memberCourseIds,
  });
  // Issue 18: both ask the contests module through its narrow `extras` reads.
  const extras = competitions.extras;
  return {
    forum,
    courses,
    payments,
    search,
    notifications: createNotificationsService({ db: db.db, users, posts: forum, bus, clock }),
    moderation: createModerationService({
      db: db.db,
      users,
      clock,
      targets: replace.moderationTargets ?? forum.moderationTargets,
    }),
    clarifications: createClarificationsService({ db: db.db, users, bus, clock, contests: extras }),
    similarity: createSimilarityService({ db: db.db, users, clock, contests: extras, submissions, onError }),
    replays: createReplaysService({ db: db.db, submissions, problems, users, solutions }),
  };
}

/**
 * The bus listeners between modules, in one place: the scoreboards follow submissions and answers
 * from every node; a programming answer follows its submission's verdict on the node that stored it
 * (the answer's own event then reaches the other nodes); 站内消息 follow the forum's changes.
 */
function wire(ctx: AppContext): void {
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

/**
 * The kinds the search indexes, each kept in sync through the outbox topic of its name ('post' and
 * 'course' are written by the forum and the courses).
 */
function searchSources(
  s: Pick<AppContext, 'problems' | 'users' | 'competitions' | 'forum' | 'courses'>,
): Partial<Record<SearchKind, SearchSource>> {
  return {
    problem: problemSource(s.problems),
    user: userSource(s.users),
    competition: competitionSource(s.competitions),
    post: postSource(s.forum.postsForIndex, () => batches(s.forum.postIdsAfter)),
    course: courseSource(s.courses.coursesForIndex, () => batches(s.courses.courseIdsAfter)),
  };
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
