// `npm run bench contest-feed`: the ICPC Contest API's event feed of a 200-team contest (issue 26:
// "streams its backlog in under a second"). A server in-process on SQLite, a contest written
// straight into its tables (200 teams, 12 problems, 3 000 judged submissions with 20 test results
// each), then the time from the request to the backlog's last event, for an admin (every verdict,
// every run) and anonymously (the public view), cold (the board loaded by the request) and warm.
import {
  BENCH_ADMIN,
  inProcessServer,
  insertContest,
  insertSubmissions,
  insertUsers,
  judgedSubmission,
  seededRandom,
} from './lib/in-process-server';

const TEAMS = 200;
const PROBLEMS = 12;
const SUBMISSIONS = 3000;
const TESTS = 20;
const HOUR = 3600_000;

const { server, close } = await inProcessServer('contest-feed');
const db = server.ctx.db.db;
const start = Date.now() - 4 * HOUR;
const end = start + 5 * HOUR;
const rand = seededRandom();

const userIds = await insertUsers(db, TEAMS, { account: 'team', name: '队伍', at: start - HOUR });
const contestId = await insertContest(db, {
  name: '基准赛',
  start,
  end,
  problemIds: Array.from({ length: PROBLEMS }, (_, idx) => 1000 + (idx % 10)),
  userIds,
});
const verdicts = ['AC', 'WA', 'WA', 'TLE', 'CE', 'AC', 'MLE'];
const rows = Array.from({ length: SUBMISSIONS }, (_, i) => {
  const at = start + Math.floor(((i + 1) / (SUBMISSIONS + 1)) * 5 * HOUR * 0.78);
  const index = rand(PROBLEMS);
  const status = verdicts[rand(verdicts.length)];
  const tests = Array.from({ length: TESTS }, (_, t) => ({
    index: t + 1,
    status: status === 'CE' ? 'CE' : t === TESTS - 1 ? status : 'AC',
    time_used: 10 + rand(900),
    memory_used: 2048,
    message: '',
  }));
  return judgedSubmission({
    problem_id: 1000 + (index % 10),
    user_id: userIds[rand(TEAMS)],
    status,
    at,
    judgedAfterMs: 2000,
    time_used: 500,
    test_results: JSON.stringify(status === 'CE' ? [] : tests),
    test_total: TESTS,
    competition_id: contestId,
    problem_index: index,
  });
});
await insertSubmissions(db, rows);

const admin = {
  authorization: `Basic ${Buffer.from(`${BENCH_ADMIN.account}:${BENCH_ADMIN.password}`).toString('base64')}`,
};

/** Milliseconds from the request to the last event of the backlog (awards are placed last), and how many. */
async function backlog(
  headers: Record<string, string>,
): Promise<{ ms: number; events: number; bytes: number }> {
  const t0 = performance.now();
  const abort = new AbortController();
  const res = await fetch(`${server.url}/api/ccs/contests/${contestId}/event-feed`, {
    headers,
    signal: abort.signal,
  });
  if (!res.ok) throw new Error(`event feed: ${res.status} ${await res.text()}`);
  const reader = res.body!.getReader();
  let tail = '';
  let bytes = 0;
  let events = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) throw new Error('the feed ended');
    // Counted natively: the client shares this process's thread with the server.
    const chunk = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
    bytes += chunk.length;
    for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) events++;
    tail = (tail + chunk.subarray(Math.max(0, chunk.length - 4096)).toString('latin1')).slice(-4096);
    // The backlog ends with the awards; the winner's id sorts last.
    if (/"type":"awards","id":"winner"[^\n]*\n$/.test(tail)) break;
  }
  const ms = performance.now() - t0;
  abort.abort();
  return { ms, events, bytes };
}

const cold = await backlog(admin);
const warm: number[] = [];
for (let k = 0; k < 5; k++) warm.push((await backlog(admin)).ms);
const pub: number[] = [];
let publicEvents = 0;
for (let k = 0; k < 5; k++) {
  const r = await backlog({});
  pub.push(r.ms);
  publicEvents = r.events;
}
const median = (a: number[]) => a.sort((p, q) => p - q)[Math.floor(a.length / 2)].toFixed(0);
console.log(
  `event feed backlog, ${TEAMS} teams × ${PROBLEMS} problems, ${SUBMISSIONS} submissions × ${TESTS} tests: ` +
    `admin ${cold.events} events (${(cold.bytes / 1048576).toFixed(1)} MiB) cold ${cold.ms.toFixed(0)} ms, warm median ${median(warm)} ms; ` +
    `public (frozen) ${publicEvents} events, median ${median(pub)} ms`,
);
await close();
