// `npm run bench contest-board`: the first ranking page of a running contest just after the server
// started (issue 28: 2 000 participants × 10 problems, 50 000 judged submissions; goal ≤ 50 ms),
// then the same page warm. A server in-process on SQLite, the contest written straight into its
// tables; servers are started again on the same data (the first one's boards are warm) and asked
// for the page as their first request once started, anonymously (the frozen view) and as the admin.
// A server loads the running contests' boards while it starts (before it reports ready): that
// start-up time is printed beside.
import { join } from 'node:path';
import { encryptPassword } from '@oj/shared';
import { startServer } from '../src/index';
import {
  BENCH_ADMIN,
  inProcessServer,
  insertContest,
  insertSubmissions,
  insertUsers,
  judgedSubmission,
  seededRandom,
} from './lib/in-process-server';

const USERS = 2000;
const PROBLEMS = 10;
const SUBMISSIONS = 50_000;
const HOUR = 3600_000;
const LIMIT_MS = 50;

const { server, close } = await inProcessServer('contest-board');
const db = server.ctx.db.db;
const start = Date.now() - 3 * HOUR;
const end = start + 5 * HOUR;
const rand = seededRandom();

const userIds = await insertUsers(db, USERS, { account: 'racer', name: '选手', at: start - HOUR });
const contestId = await insertContest(db, {
  name: '基准赛（榜单）',
  start,
  end,
  problemIds: Array.from({ length: PROBLEMS }, (_, idx) => 1000 + idx),
  userIds,
});
const verdicts = ['AC', 'WA', 'WA', 'TLE', 'CE', 'AC', 'MLE'];
const test = JSON.stringify([{ index: 1, status: 'AC', time_used: 10, memory_used: 2048, message: '' }]);
await insertSubmissions(
  db,
  Array.from({ length: SUBMISSIONS }, (_, i) => {
    const index = rand(PROBLEMS);
    return judgedSubmission({
      problem_id: 1000 + index,
      user_id: userIds[rand(USERS)],
      status: verdicts[rand(verdicts.length)],
      // Spread over the three hours run so far (the last one inside the freeze).
      at: start + Math.floor(((i + 1) / (SUBMISSIONS + 1)) * 3 * HOUR * 0.99),
      judgedAfterMs: 1000,
      time_used: 100,
      test_results: test,
      test_total: 1,
      competition_id: contestId,
      problem_index: index,
    });
  }),
);

const PAGE = `/api/competition/search/rank/pageNum?competition_id=${contestId}&pageNum=1&pageSize=50`;
// The admin's session (stored in the database: the servers started later know it too).
const key = (await (await fetch(`${server.url}/api/getPublicKey`)).json()) as { data: string };
const login = await fetch(`${server.url}/api/user/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({
    account: BENCH_ADMIN.account,
    password: await encryptPassword(key.data, BENCH_ADMIN.password),
  }),
});
const admin = {
  cookie: login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; '),
};

async function timed(url: string, headers: Record<string, string> = {}): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(url, { headers });
  const body = (await res.json()) as { code: number; message: string; data: { total: number } };
  if (body.code !== 0) throw new Error(`rank page: ${body.message}`);
  if (body.data.total !== USERS) throw new Error(`rank page: ${body.data.total} rows, not ${USERS}`);
  return performance.now() - t0;
}

// The first server's board is what it built from the rows (and stores totals from); a server
// started afresh on the same data answers the first page after its start.
await timed(server.url + PAGE);
const median = (a: number[]) => a.sort((p, q) => p - q)[Math.floor(a.length / 2)];
const colds: number[] = [];
const adminColds: number[] = [];
const warms: number[] = [];
const starts: number[] = [];
for (let round = 0; round < 7; round++) {
  const t0 = performance.now();
  const fresh = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir: server.config.dataDir,
    databaseUrl: '',
    redisUrl: '',
    smtpUrl: '',
    adminAccount: BENCH_ADMIN.account,
    adminPassword: BENCH_ADMIN.password,
    webDistDir: join(server.config.dataDir, 'no-web'),
    logLevel: 'silent',
    fastPasswordHashing: true,
    seedDemo: false,
    env: {},
  });
  starts.push(performance.now() - t0);
  try {
    if (round % 2 === 0) colds.push(await timed(fresh.url + PAGE));
    else adminColds.push(await timed(fresh.url + PAGE + '&status=1', admin));
    for (let k = 0; k < 5; k++) warms.push(await timed(fresh.url + PAGE));
  } finally {
    await fresh.close();
  }
}
console.log(
  `  first pages: anonymous ${colds.map((m) => m.toFixed(0)).join(', ')} ms; admin ${adminColds.map((m) => m.toFixed(0)).join(', ')} ms`,
);
const cold = median(colds);
console.log(
  `contest board, ${USERS} participants × ${PROBLEMS} problems, ${SUBMISSIONS} submissions: ` +
    `first page after start ${cold.toFixed(0)} ms (limit ${LIMIT_MS} ms${cold <= LIMIT_MS ? '' : ', OVER'}), ` +
    `admin's real board ${median(adminColds).toFixed(0)} ms, then ${median(warms).toFixed(1)} ms warm; ` +
    `start-up (running contests' boards loaded before ready) ${median(starts).toFixed(0)} ms`,
);
await close();
