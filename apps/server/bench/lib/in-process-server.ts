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
