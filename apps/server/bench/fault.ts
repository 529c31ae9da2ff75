// `npm run bench fault`: the fault test of issue 30. Two web nodes and two judge workers on this
// machine with PostgreSQL, Redis and an S3-protocol store (the tests' loopback server), behind a
// round-robin proxy (bench/lib/proxy.ts, as nginx's upstream); 100 simulated users browse the bank,
// read problems, search, comment on a post, buy the paid course through the sandbox cashier and
// submit for BENCH_FAULT_SECONDS (300); meanwhile one web node and one judge worker are killed
// with SIGKILL and started again. Then: every accepted submission has exactly one stored, right,
// final verdict and none is pending, every comment made its one notification, every paid order
// settled once (one settling event, one membership), and the figures
// (requests, p50 / p99 per route, submissions judged, recovery times) are printed.
// Needs TEST_DATABASE_URL and TEST_REDIS_URL (as the test suite); prints why and ends otherwise.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { encryptPassword } from '@oj/shared';
import { codeFromMail, freshPostgresDatabase } from '../test/helpers';
import { startS3Server } from '../test/support/s3-server';
import { addAPlusB, bossCookie, spawnServer } from './lib/bank-server';
import { startProxy } from './lib/proxy';

const ROOT = join(import.meta.dirname, '../../..');
const SECONDS = Number(process.env.BENCH_FAULT_SECONDS ?? 300);
const USERS = Number(process.env.BENCH_FAULT_USERS ?? 100);
const PASSWORD = 'fault-password-1';
// Each run burns ~80 ms of CPU, so a worker is busy often enough to be killed with a job in hand.
const program = (op: string) => `#include <cstdio>
#include <ctime>
int main() {
  long long a, b;
  if (scanf("%lld %lld", &a, &b) != 2) return 1;
  volatile unsigned long x = 0;
  while (clock() < CLOCKS_PER_SEC * 8 / 100) x++;
  printf("%lld\\n", a ${op} b);
}
`;
const AC = program('+');
const WA = program('-');

const databaseServer = process.env.TEST_DATABASE_URL?.trim();
const redisUrl = process.env.TEST_REDIS_URL?.trim();
if (!databaseServer || !redisUrl) {
  console.log('fault test skipped: it needs PostgreSQL and Redis (TEST_DATABASE_URL, TEST_REDIS_URL)');
  process.exit(0);
}

const database = await freshPostgresDatabase(databaseServer);
const root = mkdtempSync(join(tmpdir(), 'oj-fault-'));
const token = randomBytes(16).toString('hex');
const queue = `oj-fault-${randomBytes(4).toString('hex')}`;
// The files of the install live in an S3-protocol store; each node has only its own data dir.
const s3 = await startS3Server(['oj']);
const nodeEnv: Record<string, string> = {
  DATABASE_URL: database.url,
  REDIS_URL: redisUrl,
  OJ_STORAGE_URL: s3.storageUrl('oj', 'fault'),
  OJ_STORAGE_ACCESS_KEY_ID: s3.accessKeyId,
  OJ_STORAGE_SECRET_ACCESS_KEY: s3.secretAccessKey,
  OJ_JUDGE_WORKERS: '0',
  OJ_JUDGE_TOKEN: token,
  OJ_JUDGE_QUEUE: queue,
  OJ_TRUST_PROXY: '1',
  OJ_SEED_DEMO: '1',
};

const db = new pg.Pool({ connectionString: database.url, max: 2 });
const children = new Set<ChildProcess>();
// Whatever ends this script (a failed step too) ends the install it started.
process.on('exit', () => {
  for (const c of children) c.kill('SIGKILL');
  let started: { pid: number }[] = [];
  try {
    started = nodes; // not yet declared when the script failed before starting them
  } catch {
    return;
  }
  for (const n of started)
    try {
      process.kill(n.pid, 'SIGKILL');
    } catch {
      // already gone (stopped, or killed by the fault)
    }
});

/** Polls `ok` every 100 ms until it holds; the time it took. */
async function until(ok: () => Promise<boolean>, timeoutMs: number, what: string): Promise<number> {
  const t0 = performance.now();
  while (!(await ok().catch(() => false))) {
    if (performance.now() - t0 > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return performance.now() - t0;
}

async function ready(url: string): Promise<boolean> {
  const res = await fetch(`${url}/api/health/ready`);
  if (res.status === 404) return (await fetch(`${url}/api/health`)).ok;
  return res.ok;
}

let nodeCount = 0;
async function webNode() {
  const node = await spawnServer(join(root, `node-${nodeCount++}`), nodeEnv);
  await until(() => ready(node.url), 60_000, 'web node ready');
  return node;
}

function judgeWorker(serverUrl: string, log: string[]): ChildProcess {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'packages/judge/src/cli.ts'), 'worker'],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        REDIS_URL: redisUrl,
        OJ_SERVER_URL: serverUrl,
        OJ_JUDGE_TOKEN: token,
        OJ_JUDGE_QUEUE: queue,
        OJ_JUDGE_CONCURRENCY: '1',
        // A killed worker's job is taken by another after its lock runs out (BullMQ's stalled jobs).
        OJ_JUDGE_LOCK_MS: '10000',
        OJ_JUDGE_STALLED_MS: '5000',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  child.stderr!.on('data', (d: Buffer) => log.push(...d.toString().split('\n').filter(Boolean)));
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

// --- the install: two web nodes, the proxy, two workers --------------------------------------
const t0 = performance.now();
// The proxy first: it is the install's public address, where the sandbox cashier sends its notify.
const proxy = await startProxy(
  [],
  (req) =>
    `10.0.${Number(req.headers['x-bench-user'] ?? 0) >> 8}.${Number(req.headers['x-bench-user'] ?? 0) & 255}`,
);
nodeEnv.OJ_PUBLIC_URL = proxy.url;
const nodes = [await webNode()];
nodes.push(await webNode());
proxy.upstreams.push(...nodes.map((n) => n.url));
const workerLogs: string[][] = [[], []];
const workers = workerLogs.map((log) => judgeWorker(proxy.url, log));
console.log(
  `install up in ${((performance.now() - t0) / 1000).toFixed(1)} s: nodes ${nodes.map((n) => n.url).join(' ')}, proxy ${proxy.url}`,
);

// --- users ---------------------------------------------------------------------------------------
interface User {
  i: number;
  cookie: string;
  uuid: number;
}

async function call<T>(user: { i: number; cookie: string }, method: string, path: string, body?: unknown) {
  const res = await fetch(`${proxy.url}${path}`, {
    method,
    headers: {
      cookie: user.cookie,
      'x-bench-user': String(user.i),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; message: string; data: T };
  return { status: res.status, ...json, headers: res.headers };
}

async function register(i: number): Promise<User> {
  const account = `fault_u${i}`;
  const email = `${account}@example.com`;
  const anon = { i, cookie: '' };
  const key = (await call<string>(anon, 'GET', '/api/getPublicKey')).data;
  await call(anon, 'POST', `/api/user/email/send?receiveEmail=${encodeURIComponent(email)}`);
  // Development mail is written by whichever node sent it.
  let mail: string | undefined;
  await until(
    async () =>
      (mail = readdirSync(root)
        .flatMap((node) => {
          const outbox = join(root, node, 'outbox');
          return existsSync(outbox) ? readdirSync(outbox).map((f) => join(outbox, f)) : [];
        })
        .filter((f) => f.endsWith(`-${email}.eml`))
        .pop()) !== undefined,
    30_000,
    `mail to ${email}`,
  );
  const password = await encryptPassword(key, PASSWORD);
  const code = codeFromMail(readFileSync(mail!, 'utf8'));
  const res = await call(anon, 'POST', '/api/user/register', {
    account,
    email,
    code,
    password,
    check_password: password,
  });
  if (res.code !== 0) throw new Error(`register ${account}: ${res.message}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const me = await call<{ uuid: number }>({ i, cookie }, 'GET', '/api/user/current');
  return { i, cookie, uuid: me.data.uuid };
}

const boss = { i: 9999, cookie: await bossCookie(proxy.url) };
const tests = Array.from({ length: 3 }, (_, k) => ({ input: `${k} ${k * 7}\n`, output: `${k * 8}\n` }));
const problemId = await addAPlusB(
  { post: <T>(path: string, body?: unknown) => call<T>(boss, 'POST', path, body) },
  tests,
  '故障测试 A+B',
);

const users: User[] = [];
for (let i = 0; i < USERS; i += 10)
  users.push(
    ...(await Promise.all(Array.from({ length: Math.min(10, USERS - i) }, (_, k) => register(i + k)))),
  );
const host = users[0];
const post = await call<{ post_id: number }>(host, 'POST', '/api/posts/add', {
  title: '故障测试的讨论',
  content: '大家在这里讨论。',
  category: 'solution',
  problem_id: problemId,
  tags: ['模拟'],
});
if (post.code !== 0) throw new Error(post.message);
// The demo's paid course (seeded with the demo content), bought through the sandbox cashier.
const course = (
  await db.query<{ id: number }>('select id from study_plans where price_fen > 0 order by id limit 1')
).rows[0].id;
console.log(
  `${users.length} users registered; problem ${problemId}, post ${post.data.post_id}, paid course ${course}`,
);

// --- load, with the faults -----------------------------------------------------------------------
const latencies = new Map<string, number[]>();
const failures = new Map<string, number>();
const submitted: { id: number; ac: boolean }[] = [];
let comments = 0;
/** Orders whose 确认支付 was pressed, by payer (each user buys the course once). */
const confirmed = new Map<string, User>();
const buyers = new Set<User>();

/** Orders the course and pays at the sandbox cashier (a plain form post, as the payer's phone). */
async function buy(user: User) {
  const order = await call<{ out_trade_no: string }>(user, 'POST', '/api/lantu/pay', {
    course_id: course,
    channel: Math.random() < 0.5 ? 'wxpay' : 'alipay',
  });
  if (order.code !== 0) return order;
  const no = order.data.out_trade_no;
  const res = await fetch(`${proxy.url}/pay/sandbox/${no}/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-bench-user': String(user.i) },
    body: '',
    redirect: 'manual',
  }).catch(() => null);
  // Pressed: settled now (303), or its notify failed (502, a node killed) and the order query will
  // find the payment; a request cut by the kill may or may not have paid: the query tells.
  confirmed.set(no, user);
  return { status: res?.status === 303 ? 200 : (res?.status ?? 599), code: res?.status === 303 ? 0 : 1 };
}
let stop = false;

async function timed(route: string, run: () => Promise<{ status: number; code: number }>) {
  const start = performance.now();
  try {
    const res = await run();
    if (res.status !== 200 || res.code !== 0) failures.set(route, (failures.get(route) ?? 0) + 1);
  } catch {
    failures.set(route, (failures.get(route) ?? 0) + 1);
  }
  const list = latencies.get(route) ?? [];
  list.push(performance.now() - start);
  latencies.set(route, list);
}

async function browse(user: User): Promise<void> {
  const words = ['两数', '排序', '图', '最短路', 'dp', '字符串'];
  while (!stop) {
    const r = Math.random();
    if (r < 0.35)
      await timed('bank list', () =>
        call(user, 'POST', '/api/problem/algorithm/search', {
          keyword: '',
          pageNum: 1 + (user.i % 3),
          pageSize: 20,
        }),
      );
    else if (r < 0.65)
      await timed('problem detail', () =>
        call(user, 'GET', `/api/problem/algorithm/search/problemId?problem_id=${r < 0.5 ? problemId : 1000}`),
      );
    else if (r < 0.85)
      await timed('search', () =>
        call(user, 'GET', `/api/search/all/vo?keyword=${encodeURIComponent(words[user.i % words.length])}`),
      );
    else if (r < 0.9) {
      // Two sources, compiled once each (the compile cache): the judging is what the runs cost.
      const ac = Math.random() < 0.7;
      await timed('submit', async () => {
        const res = await call<{ submission_id: number }>(
          user,
          'POST',
          '/api/problem/algorithm/judge/submit',
          {
            problem_id: problemId,
            language: 'C++',
            source_code: ac ? AC : WA,
          },
        );
        if (res.code === 0) submitted.push({ id: res.data.submission_id, ac });
        return res;
      });
    } else if (r < 0.92 && !buyers.has(user)) {
      buyers.add(user);
      await timed('buy course', () => buy(user));
    } else if (user !== host)
      await timed('comment', async () => {
        const res = await call(user, 'POST', '/api/posts/post/comment/add', {
          post_id: post.data.post_id,
          content: `第 ${comments + 1} 条评论`,
        });
        if (res.code === 0) comments++;
        return res;
      });
    await new Promise((res) => setTimeout(res, 1000 + Math.random() * 2000));
  }
}

const recovery: Record<string, number> = {};
async function faults(): Promise<void> {
  const at = (share: number) => new Promise((r) => setTimeout(r, SECONDS * 1000 * share));
  await at(0.35);
  // Web node B dies mid-request; the proxy sends its share to A until it is back.
  process.kill(nodes[1].pid, 'SIGKILL');
  console.log(`t=${(SECONDS * 0.35).toFixed(0)} s: web node ${nodes[1].url} killed`);
  await new Promise((r) => setTimeout(r, 5000));
  const restart = performance.now();
  nodes[1] = await webNode();
  proxy.upstreams[1] = nodes[1].url;
  recovery['web node'] = performance.now() - restart;
  await at(0.2);
  // Killed while it judges: the last line of its log is a job taken, not yet finished (or 20 s on).
  await until(
    async () => /judging submission/.test(workerLogs[1].at(-1) ?? ''),
    20_000,
    'worker 2 busy',
  ).catch(() => undefined);
  const inHand = /judging submission (\S+)/.exec(workerLogs[1].at(-1) ?? '')?.[1] ?? 'none';
  // Judge worker 1 dies with a job in hand (it judges one at a time); its job must be judged once.
  workers[1].kill('SIGKILL');
  console.log(`judge worker 2 killed with submission ${inHand} in hand`);
  await new Promise((r) => setTimeout(r, 5000));
  const before = workerLogs[1].length;
  const restartWorker = performance.now();
  workers[1] = judgeWorker(proxy.url, workerLogs[1]);
  await until(
    async () => workerLogs[1].slice(before).some((l) => l.includes('worker ready')),
    60_000,
    'worker ready',
  );
  recovery['judge worker'] = performance.now() - restartWorker;
}

const loadStart = performance.now();
const running = users.map((u) => browse(u));
const faulting = faults();
await new Promise((r) => setTimeout(r, SECONDS * 1000));
stop = true;
await Promise.all([...running, faulting]);
const loadSeconds = (performance.now() - loadStart) / 1000;

// --- what must hold afterwards ---------------------------------------------------------------------
// A backlog may outlast the load (a busy machine judges slower than users submit): waited for as
// long as judging goes on. Stuck means no submission judged for STUCK_MS while some are pending.
const STUCK_MS = 90_000;
let lastPending = -1;
let lastProgress = performance.now();
let stuck = 0;
const pendingWait = await until(
  async () => {
    const pending = Number(
      (await db.query("select count(*) as n from submissions where status in ('PD', 'JG')")).rows[0].n,
    );
    if (pending !== lastPending) [lastPending, lastProgress] = [pending, performance.now()];
    else if (performance.now() - lastProgress > STUCK_MS) stuck = pending;
    return pending === 0 || stuck > 0;
  },
  30 * 60_000,
  'no submission pending',
);
const rows = (
  await db.query<{ id: number; status: string; create_time: string; judge_time: string }>(
    'select id, status, create_time, judge_time from submissions where problem_id = $1',
    [problemId],
  )
).rows;
const byId = new Map(rows.map((r) => [r.id, r]));
// Judged once: one finished job per submission in the queue (a job retried after its worker died
// is the same job; a submission queued again, under any version, would show two; the bench makes
// no rejudge).
const { Queue } = await import('bullmq');
const jobs = new Queue(queue, { connection: { url: redisUrl } });
const finishedJobs = new Map<string, number>();
for (const job of await jobs.getJobs(['completed', 'failed'])) {
  // `<id>.<judge version>`: a second version of one submission is judging it twice as well.
  const id = String((job.data as { submissionId: string }).submissionId).split('.')[0];
  finishedJobs.set(id, (finishedJobs.get(id) ?? 0) + 1);
}
const judgedTwice = [...finishedJobs].filter(([, n]) => n > 1).map(([id]) => id);
await jobs.obliterate({ force: true });
await jobs.close();
const wrong = submitted.filter((s) => byId.get(s.id)?.status !== (s.ac ? 'AC' : 'WA'));
// A submit whose node was killed after storing it and before answering: the user saw an error, the
// submission exists (as through nginx, which does not repeat a POST already sent). Allowed as many
// times as submits failed, and judged like the others (a final verdict, once).
const accepted = new Set(submitted.map((s) => s.id));
const unanswered = rows.filter((r) => !accepted.has(r.id));
const extra = Math.max(0, unanswered.length - (failures.get('submit') ?? 0));
const unansweredOpen = unanswered.filter((r) => r.status !== 'AC' && r.status !== 'WA');
await until(
  async () => Number((await db.query('select count(*) as n from outbox')).rows[0].n) === 0,
  60_000,
  'outbox drained',
);
const notices = Number(
  (
    await db.query('select count(*) as n from notifications where user_id = $1 and post_id = $2', [
      host.uuid,
      post.data.post_id,
    ])
  ).rows[0].n,
);
// What the cashier took: a confirm cut by the kill may have paid or not; the cashier's own table says.
const cashier = new Set(
  (
    await db.query<{ no: string }>(
      'select out_trade_no as no from payment_sandbox where out_trade_no = any($1)',
      [[...confirmed.keys()]],
    )
  ).rows.map((r) => r.no),
);
for (const no of [...confirmed.keys()]) if (!cashier.has(no)) confirmed.delete(no);
// The payer's page asks the status of its order until paid: a notify lost to the kill is settled by
// the order query to the cashier (whichever node answers).
await until(
  async () => {
    for (const [no, user] of confirmed) {
      const st = await call<{ paid: boolean }>(user, 'POST', '/api/lantu/pay/status', { out_trade_no: no });
      if (st.code !== 0 || !st.data.paid) return false;
    }
    return true;
  },
  60_000,
  'every paid order settled',
).catch((err: Error) => console.log(err.message));
const nos = [...confirmed.keys()];
const paidOrders = Number(
  (await db.query("select count(*) as n from orders where status = 'paid' and out_trade_no = any($1)", [nos]))
    .rows[0].n,
);
const settledTwice = (
  await db.query<{ no: string }>(
    "select out_trade_no as no from payment_events where outcome = 'paid' group by out_trade_no having count(*) > 1",
  )
).rows.map((r) => r.no);
const settlements = Number(
  (await db.query("select count(*) as n from payment_events where outcome = 'paid'")).rows[0].n,
);
const members = Number(
  (
    await db.query("select count(*) as n from study_members where plan_id = $1 and via like 'order:%'", [
      course,
    ])
  ).rows[0].n,
);
const turnaround = rows
  .filter((r) => r.judge_time)
  .map((r) => Date.parse(r.judge_time) - Date.parse(r.create_time))
  .sort((a, b) => a - b);

// --- figures ---------------------------------------------------------------------------------------
const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? 0;
console.log(`\nload: ${users.length} users for ${loadSeconds.toFixed(0)} s`);
console.log('route            requests  failed   p50 ms   p99 ms');
for (const [route, xs] of [...latencies].sort()) {
  xs.sort((a, b) => a - b);
  console.log(
    `${route.padEnd(16)} ${String(xs.length).padStart(8)} ${String(failures.get(route) ?? 0).padStart(7)} ${pct(xs, 0.5).toFixed(1).padStart(8)} ${pct(xs, 0.99).toFixed(1).padStart(8)}`,
  );
}
console.log(`proxy answers with no node at all: ${proxy.failed}`);
console.log(
  `submissions: ${submitted.length} accepted, ${rows.length} stored (${unanswered.length} from a submit cut by the kill), ${wrong.length} with a wrong or missing verdict; ` +
    `submit to verdict p50 ${pct(turnaround, 0.5)} ms, p99 ${pct(turnaround, 0.99)} ms, max ${turnaround.at(-1) ?? 0} ms; ` +
    `last pending settled ${(pendingWait / 1000).toFixed(1)} s after the load`,
);
console.log(
  `jobs finished: ${[...finishedJobs.values()].reduce((a, b) => a + b, 0)}, submissions judged twice: ${judgedTwice.length}`,
);
console.log(`comments ${comments}, notifications of them ${notices}`);
console.log(
  `orders paid at the cashier ${confirmed.size}: settled ${paidOrders}, settling events ${settlements}, course members by order ${members}`,
);
console.log(`objects in the store: ${s3.objects('oj').size}, requests to it: ${s3.requests.length}`);
console.log(
  `recovery: ${Object.entries(recovery)
    .map(([k, v]) => `${k} ready ${(v / 1000).toFixed(1)} s after its restart`)
    .join('; ')}`,
);
const problems = [
  ...(wrong.length
    ? [`${wrong.length} submissions without their right verdict: ${JSON.stringify(wrong.slice(0, 5))}`]
    : []),
  ...(extra ? [`${extra} submissions stored beyond those accepted or cut`] : []),
  ...(unansweredOpen.length ? [`cut submits without a verdict: ${JSON.stringify(unansweredOpen)}`] : []),
  ...(judgedTwice.length ? [`judged more than once: ${judgedTwice.slice(0, 10).join(', ')}`] : []),
  ...(stuck ? [`${stuck} submissions pending, none judged for ${STUCK_MS / 1000} s`] : []),
  ...(notices !== comments ? [`${comments} comments but ${notices} notifications`] : []),
  ...(paidOrders !== confirmed.size ? [`${confirmed.size} orders paid but ${paidOrders} settled`] : []),
  ...(settledTwice.length || settlements !== paidOrders
    ? [`orders settled more than once: ${settledTwice.join(', ') || `${settlements} events`}`]
    : []),
  ...(members !== paidOrders ? [`${paidOrders} paid orders but ${members} memberships by order`] : []),
];
console.log(
  problems.length
    ? `FAILED:\n  ${problems.join('\n  ')}`
    : 'held: nothing lost, nothing doubled, nothing pending',
);

// --- tear down -----------------------------------------------------------------------------------------
for (const c of children) c.kill('SIGTERM');
await Promise.all(nodes.map((n) => n.stop()));
await proxy.close();
await db.end();
await database.drop();
await s3.close();
rmSync(root, { recursive: true, force: true });
process.exit(problems.length ? 1 : 0);
