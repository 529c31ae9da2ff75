// Shared by the server benchmarks that write their data set straight into the tables (in lib/, so
// the bench runner does not run it alone).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer } from '../../src/index';

export const BENCH_ADMIN = { account: 'boss', password: 'bench-password' };

/**
 * The server in this process on a fresh SQLite database with the demo problems (no web build, no
 * mail, no Redis); `close` stops it and removes its data directory.
 */
export async function inProcessServer(
  name: string,
): Promise<{ server: RunningServer; close(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), `oj-${name}-bench-`));
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: '',
    redisUrl: '',
    smtpUrl: '',
    adminAccount: BENCH_ADMIN.account,
    adminPassword: BENCH_ADMIN.password,
    webDistDir: join(dataDir, 'no-web'),
    logLevel: 'silent',
    fastPasswordHashing: true,
    seedDemo: true,
    seedDemoCommunity: false,
    env: {},
  });
  return {
    server,
    async close() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type BenchDb = RunningServer['ctx']['db']['db'];

/** A judged C++ submission as stored, for data sets written straight into the table. */
export function judgedSubmission(s: {
  problem_id: number;
  user_id: number;
  status: string;
  /** When it was submitted (ms); judged `judgedAfterMs` later. */
  at: number;
  judgedAfterMs: number;
  time_used: number;
  /** The stored test results (JSON) and how many tests the problem had. */
  test_results: string;
  test_total: number;
  competition_id?: number;
  problem_index?: number;
}) {
  const iso = (ms: number) => new Date(ms).toISOString();
  return {
    problem_id: s.problem_id,
    user_id: s.user_id,
    language: 'C++',
    language_options: null,
    source_code: 'int main() { return 0; }',
    code_length: 24,
    status: s.status,
    time_used: s.time_used,
    memory_used: 2048,
    compile_message: '',
    message: '',
    test_results: s.test_results,
    test_total: s.test_total,
    judge_version: 1,
    competition_id: s.competition_id ?? null,
    problem_index: s.problem_index ?? null,
    local_date: iso(s.at).slice(0, 10),
    create_time: iso(s.at),
    judge_time: iso(s.at + s.judgedAfterMs),
  };
}

/** Stores submissions 500 rows per statement (SQLite's bound-parameter limit). */
export async function insertSubmissions(
  db: BenchDb,
  rows: ReturnType<typeof judgedSubmission>[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('submissions')
      .values(rows.slice(i, i + 500))
      .execute();
}

/**
 * `count` ordinary users written straight into the table (accounts `<account>1…`, names
 * `<name> 1…`, schools cycling through 40), in batches; their ids in order.
 */
export async function insertUsers(
  db: BenchDb,
  count: number,
  o: { account: string; name: string; at: number; school?: (i: number) => string },
): Promise<number[]> {
  const iso = new Date(o.at).toISOString();
  const ids: number[] = [];
  for (let from = 0; from < count; from += 500) {
    const rows = Array.from({ length: Math.min(500, count - from) }, (_, k) => {
      const i = from + k;
      return {
        account: `${o.account}${i + 1}`,
        email: null,
        password_hash: '',
        username: `${o.name} ${i + 1}`,
        avatar: '',
        tags: '[]',
        hobby: '',
        phone: '',
        gender: '',
        school: o.school?.(i) ?? `大学 ${i % 40}`,
        profile: '',
        rating: 1500,
        role: 1,
        is_boss: 0,
        birth: '',
        readings: 0,
        url: '',
        background_picture: '',
        is_delete: 0,
        create_time: iso,
        update_time: iso,
      };
    });
    ids.push(...(await db.insertInto('users').values(rows).returning('id').execute()).map((r) => r.id));
  }
  return ids;
}

/**
 * A running ACM contest (frozen for its last hour) with these problems, every user joined an hour
 * before `start`; its id.
 */
export async function insertContest(
  db: BenchDb,
  c: { name: string; start: number; end: number; problemIds: number[]; userIds: number[] },
): Promise<number> {
  const iso = (ms: number) => new Date(ms).toISOString();
  const hour = 3600_000;
  const contestId = (
    await db
      .insertInto('competitions')
      .values({
        name: c.name,
        description: '',
        type: 1,
        start_time: iso(c.start),
        end_time: iso(c.end),
        password_hash: null,
        rated: 0,
        freeze_minutes: 60,
        unfrozen: 0,
        rating_applied: 0,
        finalized: 0,
        owner_id: null,
        is_delete: 0,
        create_time: iso(c.start - 2 * hour),
        update_time: iso(c.start - 2 * hour),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await db
    .insertInto('competition_problems')
    .values(
      c.problemIds.map((problem_id, idx) => ({
        competition_id: contestId,
        idx,
        problem_id,
        display_name: String.fromCharCode(65 + idx),
      })),
    )
    .execute();
  for (let i = 0; i < c.userIds.length; i += 500)
    await db
      .insertInto('competition_participants')
      .values(
        c.userIds.slice(i, i + 500).map((user_id) => ({
          competition_id: contestId,
          user_id,
          join_time: iso(c.start - hour),
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
  return contestId;
}

/** A repeatable pseudo-random `rand(n)` in [0, n) (Lehmer): the same data set on every run. */
export function seededRandom(seed = 12345): (n: number) => number {
  let x = seed;
  return (n) => (x = (x * 48271) % 2147483647) % n;
}
