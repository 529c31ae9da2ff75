import { generateTests, validateInputs } from '@oj/judge';
import type { Language, SearchKind } from '@oj/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { AppContext } from './context';
import type { Db } from './db/kysely';
import { scoped } from './db/scoped';
import { createDomainBus } from './events';
import type { Viewer } from './lib/auth';
import type { Config } from './lib/config';
import { judgeGauges, lifecycle, type Services, wire } from './service-lifecycle';
import { redisTransport } from './lib/event-bus';
import { Metrics } from './lib/metrics';
import { NodeState, nodeName } from './lib/node-state';
import { Outbox } from './lib/outbox';
import { MemoryRateLimitStore, RateLimiter, RedisRateLimitStore } from './lib/rate-limit';
import { ANNOUNCEMENTS_TABLES, createAnnouncementsService } from './modules/announcements';
import { AUTH_TABLES, createCodesService, createSessionsService } from './modules/auth';
import { CLARIFICATIONS_TABLES, createClarificationsService } from './modules/clarifications';
import { COMPETITIONS_TABLES, createContestApiReads } from './modules/competitions';
import { createContestApiService } from './modules/contest-api';
import { COURSES_TABLES, createCoursesService } from './modules/courses';
import { createFilesService, FILES_TABLES, FileStorage, MIME_BY_EXT, openObjectStore } from './modules/files';
import { createForumService, FORUM_TABLES, type WriteGate } from './modules/forum';
import { createHomeService, ip2regionLocator } from './modules/home';
import { createJuryService, JURY_TABLES } from './modules/jury';
import { loadOrCreateKeys } from './modules/keys';
import { createMailer } from './modules/mail';
import {
  createModerationService,
  createWriteGate,
  MODERATION_TABLES,
  type ModerationTargets,
} from './modules/moderation';
import { createNotificationsService, NOTIFICATIONS_TABLES } from './modules/notifications';
import { createOAuthService, OAUTH_TABLES } from './modules/oauth';
import { createPaymentsService, PAYMENTS_TABLES, type PaymentCatalog } from './modules/payments';
import { createPicturesService, PICTURES_TABLES } from './modules/pictures';
import { createTransferService, PROBLEM_TRANSFER_TABLES } from './modules/problem-transfer';
import { createRejudgeService, REJUDGE_TABLES } from './modules/rejudge';
import { createProblemListsService, PROBLEM_LISTS_TABLES } from './modules/problem-lists';
import { CLASSES_TABLES, createClassesService } from './modules/classes';
import { createReplaysService, REPLAYS_TABLES } from './modules/replays';
import { createSearchService, SEARCH_TABLES, type SearchSource } from './modules/search';
import { searchSources } from './search-sources';
import { judgingServices } from './services-judging';
import { createSimilarityService, SIMILARITY_TABLES } from './modules/similarity';
import { createSocialService, SOCIAL_TABLES } from './modules/social';
import { createContestLog, SUBMISSIONS_TABLES } from './modules/submissions';

export type Base = { db: Db; log: FastifyBaseLogger; redis: Redis | null; redisPrefix: string };

/** What every module stands on: the event bus, the outbox, rate limits, mail and sessions. */
async function infrastructure(config: Config, base: Base) {
  const { db, log, redis } = base;
  const onError = (err: unknown, what: string) => log.error({ err }, what);
  const bus = createDomainBus(
    redis ? await redisTransport(redis, `${base.redisPrefix}events`) : undefined,
    (err, event) => onError(err, `a listener of ${event}`),
  );
  const outbox = new Outbox(db.db, (err, topic) => onError(err, `outbox consumer of ${topic}`), db.dialect);
  const limiter = new RateLimiter(
    redis ? new RedisRateLimitStore(redis, base.redisPrefix) : new MemoryRateLimitStore(config.clock),
    config.rateLimits,
  );
  const mailer = await createMailer({
    smtpUrl: config.smtpUrl,
    dataDir: config.dataDir,
    from: config.mailFrom,
    log,
  });
  const sessions = createSessionsService({
    db: scoped(db.db, AUTH_TABLES),
    ttlMs: config.sessionTtlMs,
    clock: config.clock,
    redis,
    redisPrefix: base.redisPrefix,
  });
  // Every file of the site (uploads, test data, videos): the data directory, or S3 (docs/storage.md).
  const objects = openObjectStore({
    dataDir: config.dataDir,
    storageUrl: config.storageUrl,
    credentials: config.storageCredentials,
  });
  // Shared by every node of the install (the database's install_secrets).
  const keys = await loadOrCreateKeys(db.db, config.dataDir);
  return { onError, bus, outbox, limiter, mailer, sessions, objects, keys };
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
  /** Which languages' toolchains are on this machine, instead of looking (a missing one, in tests). */
  languageInstalled?: (language: Language) => boolean;
}

export type Infrastructure = Awaited<ReturnType<typeof infrastructure>>;

/**
 * The composition root: builds every service once, each from its constructor with every part it
 * needs, in dependency order. Where two modules need each other, the lower part one of them needs
 * is built first on its own tables (contest rules, the math / 408 answer log, the replay sink, the
 * mute gate, the visit log), so that no service is completed after construction. Bus listeners
 * between modules are in `wire` below.
 */
export async function buildServices(
  config: Config,
  base: Base,
  replace: ServiceOverrides = {},
): Promise<Services> {
  const infra = await infrastructure(config, base);
  const core = await judgingServices(config, base, infra, replace);
  const community = communityServices(config, base, infra, core, replace);
  const { db, log } = base;
  const { bus, outbox, limiter, mailer, sessions } = infra;
  const defaults = { avatar: '', background: '' };
  const { users, problems, testData, submissions, math408, competitions } = core;
  const files = createFilesService({
    db: scoped(db.db, FILES_TABLES),
    storage: new FileStorage(infra.objects, (ext) => MIME_BY_EXT[ext]),
  });
  // Problem validation: jury runs on the same judge queue, never stored as submissions.
  const jury = createJuryService({
    db: scoped(db.db, JURY_TABLES),
    problems,
    queue: core.queue,
    languages: core.languages,
    validate: validateInputs,
    onError: infra.onError,
  });
  const announcements = createAnnouncementsService({
    db: scoped(db.db, ANNOUNCEMENTS_TABLES),
    users,
    clock: config.clock,
  });
  const problemLists = createProblemListsService({
    db: scoped(db.db, PROBLEM_LISTS_TABLES),
    problems,
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
    node: new NodeState(nodeName(config.nodeName, config.port, config.dataDir)),
    openStreams: new Set(),
    keys: infra.keys,
    mailer,
    sessions,
    codes: createCodesService({
      db: scoped(db.db, AUTH_TABLES),
      mailer,
      ttlMs: config.emailCodeTtlMs,
      clock: config.clock,
      siteName: config.siteName,
    }),
    users,
    files,
    pictures: createPicturesService({
      db: scoped(db.db, PICTURES_TABLES),
      users,
      defaultBackground: () => defaults.background,
    }),
    oauth: createOAuthService({ db: scoped(db.db, OAUTH_TABLES), users, config }),
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
      languages: core.languages,
      locator: ip2regionLocator(),
    }),
    social: createSocialService({ db: scoped(db.db, SOCIAL_TABLES), users, clock: config.clock }),
    jury,
    languages: core.languages,
    transfer: createTransferService({
      problems,
      files,
      jury,
      generate: generateTests,
      db: scoped(db.db, PROBLEM_TRANSFER_TABLES),
      clock: config.clock,
      onError: infra.onError,
    }),
    contestApi: createContestApiService({
      competitions,
      reads: createContestApiReads({ db: scoped(db.db, COMPETITIONS_TABLES) }),
      log: createContestLog({ db: scoped(db.db, SUBMISSIONS_TABLES) }),
      submissions,
      problems,
      users,
      languages: core.languages,
      clarifications: community.clarifications,
      bus,
      limiter,
      tokenKey: infra.keys.contestApiTokenKey,
    }),
    // Rejudge sets: trial runs on the same judge queue, stored into submissions only when applied.
    rejudge: createRejudgeService({
      db: scoped(db.db, REJUDGE_TABLES),
      submissions,
      competitions: { access: competitions.extras.access, rejudge: competitions.rejudge },
      users,
      notifications: community.notifications,
      queue: core.queue,
      clock: config.clock,
      onError: infra.onError,
    }),
    classes: createClassesService({
      db: scoped(db.db, CLASSES_TABLES),
      users,
      clock: config.clock,
      homework: { problems, problemLists, submissions, math408, notifications: community.notifications },
      classProblems: { access: core.classProblems, problems },
      insight: { problems, submissions },
    }),
    problemLists,
  };
  wire(ctx);
  judgeGauges(ctx);
  return lifecycle(ctx, core.queue);
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
    db: scoped(db.db, FORUM_TABLES),
    users,
    problems,
    bus,
    outbox,
    contests: rules.posts,
    writeGate: replace.writeGate ?? createWriteGate({ db: scoped(db.db, MODERATION_TABLES), clock }),
  });
  const solutions = forum.solutionGate;
  const courses = createCoursesService({
    db: scoped(db.db, COURSES_TABLES),
    problems,
    math408,
    users,
    outbox,
    dataDir: config.dataDir,
    objects: infra.objects,
    video: config.video,
    videoUrlKey: infra.keys.videoUrlKey,
    solutions,
  });
  // What is sold: the courses. A verified payment enrols (through the outbox), a refund unenrols.
  const catalog = replace.paymentCatalog ?? {
    priceOf: courses.priceOf,
    isMember: courses.isMember,
    enrol: courses.enrol,
    unenrol: courses.unenrol,
  };
  const payments = createPaymentsService({
    db: scoped(db.db, PAYMENTS_TABLES),
    users,
    outbox,
    config,
    onError,
    catalog,
  });
  if (payments.provider === 'sandbox')
    log.warn('payments use the sandbox checkout (no money moves): set OJ_PAY_PROVIDER=lantu to sell courses');
  const search = createSearchService({
    db: scoped(db.db, SEARCH_TABLES),
    dialect: db.dialect,
    outbox,
    hiddenProblems: () => problems.hiddenIds(),
    solutions,
    userIdByAccount: async (account) => (await users.byAccount(account))?.id,
    briefs: (ids) => users.briefs(ids),
    onError,
    sources: {
      ...searchSources({ problems, users, competitions, forum, courses }),
      ...replace.searchSources,
    },
    membership: replace.searchMembership ?? courses.memberCourseIds,
  });
  // Issue 29: the bank's keyword is matched as the top search does; 讲解视频 only with a video.
  problems.connect({
    keywordIds: (keyword) => search.problemIds(keyword),
    hasVideo: courses.hasProblemVideo,
  });
  // Issue 18: both ask the contests module through its narrow `extras` reads.
  const extras = competitions.extras;
  return {
    forum,
    courses,
    payments,
    search,
    notifications: createNotificationsService({
      db: scoped(db.db, NOTIFICATIONS_TABLES),
      users,
      posts: forum,
      bus,
      clock,
    }),
    moderation: createModerationService({
      db: scoped(db.db, MODERATION_TABLES),
      users,
      clock,
      targets: replace.moderationTargets ?? forum.moderationTargets,
    }),
    clarifications: createClarificationsService({
      db: scoped(db.db, CLARIFICATIONS_TABLES),
      users,
      bus,
      clock,
      contests: extras,
    }),
    similarity: createSimilarityService({
      db: scoped(db.db, SIMILARITY_TABLES),
      users,
      clock,
      contests: extras,
      submissions,
      onError,
    }),
    replays: createReplaysService({
      db: scoped(db.db, REPLAYS_TABLES),
      submissions,
      problems,
      users,
      solutions,
    }),
  };
}

export type { Services } from './service-lifecycle';
