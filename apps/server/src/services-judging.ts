// The judging half of the composition root (services.ts): split out for size only.
import { join } from 'node:path';
import { createJudgeQueue } from '@oj/judge';
import { scoped } from './db/scoped';
import type { Config } from './lib/config';
import type { Base, Infrastructure, ServiceOverrides } from './services';
import { createClassMembership, createClassProblemAccess, CLASSES_TABLES } from './modules/classes';
import {
  COMPETITIONS_TABLES,
  createCompetitionsService,
  createContestRules,
  createUserContests,
} from './modules/competitions';
import { createLanguagesService, LANGUAGES_TABLES } from './modules/languages';
import { createMath408Service, createProgrammingAnswers, MATH408_TABLES } from './modules/math408';
import { createProblemsService, PROBLEMS_TABLES, TestDataStorage } from './modules/problems';
import { createReplaySink, REPLAYS_TABLES } from './modules/replays';
import { createVisitLog, SOCIAL_TABLES } from './modules/social';
import { createSubmissionsService, SUBMISSIONS_TABLES } from './modules/submissions';
import { createUsersService, USERS_TABLES } from './modules/users';

/** Accounts, the banks, the judge and the contests: what judging a submission stands on. */
export async function judgingServices(
  config: Config,
  base: Base,
  infra: Infrastructure,
  replace: Pick<ServiceOverrides, 'languageInstalled'>,
) {
  const { db } = base;
  const { bus, outbox, onError } = infra;
  const users = createUsersService({
    db: scoped(db.db, USERS_TABLES),
    sessions: infra.sessions,
    argon2: config.argon2,
    outbox,
    onCardView: createVisitLog({ db: scoped(db.db, SOCIAL_TABLES), clock: config.clock }),
    // The rated test, written by the contests over their own table (a lower part built first).
    contests: createUserContests({ db: scoped(db.db, COMPETITIONS_TABLES) }),
  });
  const testData = new TestDataStorage(infra.objects, join(config.dataDir, 'cache', 'testdata'));
  // Class problems (issue 27 part 3): who else reads a hidden problem, over the classes' tables only.
  const classProblems = createClassProblemAccess({ db: scoped(db.db, CLASSES_TABLES), users });
  const problems = createProblemsService({
    db: scoped(db.db, PROBLEMS_TABLES),
    storage: testData,
    outbox,
    classProblems,
    bus,
  });
  const queue = await createJudgeQueue({
    testData: testData.judgeStore(),
    redisUrl: config.redisUrl || undefined,
    queueName: config.judgeQueue,
    localWorkers: config.judgeWorkers,
  });
  // Who manages or belongs to a class (class contests): the classes' lower part, on their tables.
  const classMembership = createClassMembership({ db: scoped(db.db, CLASSES_TABLES) });
  // What contests decide for the rest of the site, over the contest tables only.
  const rules = createContestRules({
    db: scoped(db.db, COMPETITIONS_TABLES),
    bus,
    answers: createProgrammingAnswers({ db: scoped(db.db, MATH408_TABLES) }),
    classes: classMembership,
  });
  const languages = createLanguagesService({
    db: scoped(db.db, LANGUAGES_TABLES),
    bus,
    clock: config.clock,
    setting: config.languages,
    installed: replace.languageInstalled,
  });
  const submissions = createSubmissionsService({
    db: scoped(db.db, SUBMISSIONS_TABLES),
    problems,
    users,
    languages,
    queue,
    bus,
    onError,
    contests: rules.submissions,
    replays: createReplaySink({ db: scoped(db.db, REPLAYS_TABLES) }),
  });
  const math408 = createMath408Service({
    db: scoped(db.db, MATH408_TABLES),
    problems,
    submissions,
    bus,
    onError,
    contests: rules.questions,
  });
  const competitions = createCompetitionsService({
    db: scoped(db.db, COMPETITIONS_TABLES),
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
    classes: classMembership,
  });
  return {
    users,
    testData,
    problems,
    classProblems,
    queue,
    rules,
    languages,
    submissions,
    math408,
    competitions,
  };
}
