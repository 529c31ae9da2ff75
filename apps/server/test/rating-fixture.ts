import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { openDatabase } from '../src/db/kysely';
import { migrate } from '../src/db/migrate';
import { Outbox } from '../src/lib/outbox';
import type { Database } from '../src/db/types';
import { createDomainBus } from '../src/events';
import { freshPostgresDatabase } from './helpers';
import { scoped } from '../src/db/scoped';
import { AUTH_TABLES, createSessionsService } from '../src/modules/auth';
import { COMPETITIONS_TABLES, createUserContests } from '../src/modules/competitions';
import { type RatingDeps, rerate } from '../src/modules/competitions/apply-rating';
import { contestAnswers, MATH408_TABLES } from '../src/modules/math408';
import { contestTries, contestTry, SUBMISSIONS_TABLES } from '../src/modules/submissions';
import { createUsersService, USERS_TABLES } from '../src/modules/users';
import { finalizeContest } from '../src/modules/competitions/finalize';
import { LiveBoards } from '../src/modules/competitions/live';
import { NEW_USER_RATING } from '../src/modules/competitions/rating/codeforces';

/**
 * Ended rated contests written straight into a fresh database (no judge): shared by the rating
 * chain test and the recompute bench. Everything is deterministic, so two databases seeded alike
 * get the same ids and the same rows.
 */
export interface FixtureDb {
  db: Kysely<Database>;
  boards: LiveBoards;
  /** What the contests module's rating work is given: its own tables, the users, the boards. */
  contests: RatingDeps & { boards: LiveBoards };
  /** The PostgreSQL database's address ('' on SQLite). */
  databaseUrl: string;
  close(): Promise<void>;
}

/** SQLite in a temporary folder, or a new PostgreSQL database on `pgUrl` (dropped on close). */
export async function openFixtureDb(pgUrl?: string): Promise<FixtureDb> {
  const dataDir = mkdtempSync(join(tmpdir(), 'oj-rating-'));
  const database = pgUrl ? await freshPostgresDatabase(pgUrl) : null;
  const databaseUrl = database?.url ?? '';
  const drop = database?.drop ?? (async () => {});
  const opened = await openDatabase({ databaseUrl, dataDir });
  await migrate(opened.db as Kysely<unknown>, opened.dialect);
  // The boards' real collaborators, on the same database (no judge queue needed to read tries).
  const contestsDb = scoped(opened.db, COMPETITIONS_TABLES);
  const users = createUsersService({
    db: scoped(opened.db, USERS_TABLES),
    sessions: createSessionsService({ db: scoped(opened.db, AUTH_TABLES), ttlMs: 60_000, redis: null }),
    argon2: { memoryCost: 1024, timeCost: 1 },
    outbox: new Outbox(opened.db, () => {}),
    onCardView: async () => {},
    contests: createUserContests({ db: contestsDb }),
  });
  const boards = new LiveBoards({
    db: contestsDb,
    users,
    submissions: {
      contestTries: (contest) => contestTries({ db: scoped(opened.db, SUBMISSIONS_TABLES) }, contest),
      contestTry: (id) => contestTry({ db: scoped(opened.db, SUBMISSIONS_TABLES) }, id),
    },
    math408: {
      contestAnswers: (contest) => contestAnswers({ db: scoped(opened.db, MATH408_TABLES) }, contest),
    },
    bus: createDomainBus(undefined, (err) => {
      throw err;
    }),
    onError: (err) => {
      throw err;
    },
  });
  return {
    db: opened.db,
    boards,
    contests: { db: contestsDb, users, boards },
    databaseUrl,
    async close() {
      await boards.drain();
      await opened.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();

export async function addUsers(db: Kysely<Database>, n: number): Promise<number[]> {
  const now = iso(Date.now());
  const ids: number[] = [];
  for (let i = 0; i < n; i += 500) {
    const rows = Array.from({ length: Math.min(500, n - i) }, (_, k) => ({
      account: `rated_${i + k}`,
      username: `选手${i + k}`,
      // Explicit: the column default moved from 1500 to this (migration 005).
      rating: NEW_USER_RATING,
      create_time: now,
      update_time: now,
    }));
    ids.push(
      ...(
        await db
          .insertInto('users')
          .values(rows as never)
          .returning('id')
          .execute()
      ).map((r) => r.id),
    );
  }
  return ids;
}

export async function addProblem(db: Kysely<Database>): Promise<number> {
  const now = iso(Date.now());
  const row = await db
    .insertInto('problems')
    .values({
      id: 9000, // problem ids are given, not generated
      chinese_name: '评分题',
      description: '-',
      difficulty: 0,
      source_name: 'original',
      time_limit: 1000,
      memory_limit: 256,
      create_time: now,
      update_time: now,
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface FixtureSubmission {
  userId: number;
  index: number;
  /** Minutes from the start. */
  minute: number;
  status: 'AC' | 'WA' | 'TLE';
}

/**
 * A rated contest of `problems` problems that ended `daysAgo` days ago (2 hours long), its
 * participants and their submissions. Answers the contest id.
 */
export async function addEndedContest(
  db: Kysely<Database>,
  spec: {
    daysAgo: number;
    problemId: number;
    problems: number;
    users: number[];
    submissions: FixtureSubmission[];
    rated?: boolean;
  },
): Promise<number> {
  const end = Date.now() - spec.daysAgo * DAY;
  const start = end - 2 * HOUR;
  const now = iso(Date.now());
  const { id } = await db
    .insertInto('competitions')
    .values({
      name: `第 ${spec.daysAgo} 天前的比赛`,
      description: '',
      type: 1,
      start_time: iso(start),
      end_time: iso(end),
      password_hash: null,
      rated: spec.rated === false ? 0 : 1,
      freeze_minutes: 0,
      unfrozen: 0,
      rating_applied: 0,
      finalized: 0,
      owner_id: null,
      is_delete: 0,
      create_time: now,
      update_time: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('competition_problems')
    .values(
      Array.from({ length: spec.problems }, (_, idx) => ({
        competition_id: id,
        idx,
        problem_id: spec.problemId,
        display_name: String.fromCharCode(65 + idx),
      })),
    )
    .execute();
  for (let i = 0; i < spec.users.length; i += 500)
    await db
      .insertInto('competition_participants')
      .values(
        spec.users.slice(i, i + 500).map((user_id) => ({
          competition_id: id,
          user_id,
          join_time: iso(start - HOUR),
          solved: 0,
          penalty: 0,
          submitted: 0,
          rank: null,
          rating_before: null,
          rating_after: null,
          rating_change: null,
        })),
      )
      .execute();
  for (let i = 0; i < spec.submissions.length; i += 300)
    await db
      .insertInto('submissions')
      .values(
        spec.submissions.slice(i, i + 300).map((s) => ({
          problem_id: spec.problemId,
          user_id: s.userId,
          language: 'Python3',
          source_code: '-',
          code_length: 1,
          status: s.status,
          competition_id: id,
          problem_index: s.index,
          local_date: iso(start).slice(0, 10),
          create_time: iso(start + s.minute * 60_000),
          judge_time: iso(start + s.minute * 60_000 + 1000),
        })) as never,
      )
      .execute();
  return id;
}

/** What the periodic job does for an ended contest: store the final ranks, apply its ratings. */
export async function finishLikeTheJob(f: FixtureDb, contestId: number): Promise<void> {
  const board = await f.boards.get(contestId);
  await finalizeContest(f.contests, board!);
  f.boards.invalidate(contestId);
  await rerate(f.contests, contestId, { onlyIfUnapplied: true });
}

/** Every rating-related value, in a fixed order: two databases compare equal iff these do. */
export async function ratingSnapshot(db: Kysely<Database>) {
  const users = await db.selectFrom('users').select(['id', 'rating']).orderBy('id').execute();
  const rows = await db
    .selectFrom('competition_participants')
    .select(['competition_id', 'user_id', 'rank', 'rating_before', 'rating_after', 'rating_change'])
    .orderBy('competition_id')
    .orderBy('user_id')
    .execute();
  const contests = await db
    .selectFrom('competitions')
    .select(['id', 'rated', 'rating_applied'])
    .orderBy('id')
    .execute();
  return { users, rows, contests };
}

/** A deterministic pseudo-random generator (tests and benches must repeat exactly). */
export function lcg(seed: number) {
  let x = seed;
  return (n: number) => (x = (x * 48271) % 2147483647) % n;
}
