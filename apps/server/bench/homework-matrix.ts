// `npm run bench homework-matrix`: a class's homework completion matrix (issue 27 part 2,
// docs/classes.md "Homework"). A server in-process on SQLite, a class of 200 students, a homework of
// 30 problems and ~20 000 submissions written straight into the tables; then the matrix request
// over HTTP (an administrator's session), median and p95 of repeated requests, and the number of
// SQL statements each request costs (the database's log hook, as apps/server/test/query-count.test.ts).
// The homework's 学情分析 (issue 27 part 5) is timed the same way: failed tries carry stored test
// results (10 tests, the first failed one at random) so its first-failed-test read has work to do.
import { encryptPassword } from '@oj/shared';
import {
  BENCH_ADMIN,
  inProcessServer,
  insertSubmissions,
  insertUsers,
  judgedSubmission,
  seededRandom,
} from './lib/in-process-server';
import { problemBody } from '../test/problems';

const STUDENTS = 200;
const PROBLEMS = 30;
const SUBMISSIONS = 20_000;
const RUNS = 30;
const HOUR = 3600_000;

const { server, close } = await inProcessServer('homework');
const db = server.ctx.db.db;
const iso = (ms: number) => new Date(ms).toISOString();
const now = Date.now();
const start = now - 10 * 24 * HOUR;
const deadline = now - 2 * 24 * HOUR;
const lateEnd = now + 24 * HOUR;
const rand = seededRandom();

const userIds = await insertUsers(db, STUDENTS, {
  account: 'stu',
  name: '学生',
  at: start,
  school: () => '',
});
const key = (await (await fetch(`${server.url}/api/getPublicKey`)).json()) as { data: string };
const login = await fetch(`${server.url}/api/user/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({
    account: BENCH_ADMIN.account,
    password: await encryptPassword(key.data, BENCH_ADMIN.password),
  }),
});
const cookie = login.headers
  .getSetCookie()
  .map((c) => c.split(';')[0])
  .join('; ');

// The homework's problems: added through the bank's own route, as an administrator would.
const problemIds: number[] = [];
for (let i = 0; i < PROBLEMS; i++) {
  const res = await fetch(`${server.url}/api/problem/algorithm/admin/add`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(problemBody({ chinese_name: `作业题 ${i + 1}` })),
  });
  const body = (await res.json()) as { code: number; message: string; data: { problem_id: number } };
  if (body.code !== 0) throw new Error(`add problem: ${body.message}`);
  problemIds.push(body.data.problem_id);
}
const classId = (
  await db
    .insertInto('classes')
    .values({
      name: '基准班',
      teacher_id: 1,
      join_mode: 'code',
      invite_code: 'BENCH001',
      created_at: iso(start),
      updated_at: iso(start),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
).id;
await db
  .insertInto('class_members')
  .values(userIds.map((user_id) => ({ class_id: classId, user_id, role: 'student', joined_at: iso(start) })))
  .execute();
const homeworkId = (
  await db
    .insertInto('homework')
    .values({
      title: '基准作业',
      start_time: iso(start),
      deadline: iso(deadline),
      late_end: iso(lateEnd),
      late_factor: 0.8,
      creator_id: 1,
      created_at: iso(start),
      updated_at: iso(start),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
).id;
await db.insertInto('homework_classes').values({ homework_id: homeworkId, class_id: classId }).execute();
await db
  .insertInto('homework_problems')
  .values(problemIds.map((problem_id, position) => ({ homework_id: homeworkId, position, problem_id })))
  .execute();
const verdicts = ['AC', 'WA', 'WA', 'TLE', 'CE', 'AC', 'MLE'];
/** A judged run's stored tests: all passed for AC, none for CE, else passed up to a random failed one. */
function testResults(status: string): string {
  if (status === 'CE') return '[]';
  const failed = status === 'AC' ? 11 : 1 + rand(10);
  const n = Math.min(10, failed);
  return JSON.stringify(
    Array.from({ length: n }, (_, i) => ({
      index: i + 1,
      status: i + 1 === failed ? status : 'AC',
      time_used: 10,
      memory_used: 1024,
      message: '',
    })),
  );
}
const rows = Array.from({ length: SUBMISSIONS }, () => {
  const at = start + rand(Math.floor((now - start) / 1000)) * 1000;
  const status = verdicts[rand(verdicts.length)];
  return judgedSubmission({
    problem_id: problemIds[rand(problemIds.length)],
    user_id: userIds[rand(STUDENTS)],
    status,
    at,
    judgedAfterMs: 1000,
    time_used: 10,
    test_results: testResults(status),
    test_total: 10,
  });
});
await insertSubmissions(db, rows);

async function timed(route: 'matrix' | 'insight'): Promise<{ ms: number; statements: number }> {
  const before = server.queryCount();
  const t0 = performance.now();
  const res = await fetch(`${server.url}/api/class/homework/${route}?homework_id=${homeworkId}`, {
    headers: { cookie },
  });
  const body = (await res.json()) as { code: number; message: string; data: { students: unknown } };
  const ms = performance.now() - t0;
  if (body.code !== 0) throw new Error(`${route}: ${body.message}`);
  return { ms, statements: server.queryCount() - before };
}

async function measure(route: 'matrix' | 'insight', label: string): Promise<void> {
  await timed(route);
  const times: number[] = [];
  let statements = 0;
  for (let k = 0; k < RUNS; k++) {
    const r = await timed(route);
    times.push(r.ms);
    statements = r.statements;
  }
  times.sort((p, q) => p - q);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(1);
  console.log(
    `${label}, ${STUDENTS} students × ${problemIds.length} problems, ${SUBMISSIONS} submissions: ` +
      `median ${at(0.5)} ms, p95 ${at(0.95)} ms over ${RUNS} requests; ${statements} SQL statements per request (goal ≤ 100 ms)`,
  );
}

await measure('matrix', 'homework matrix');
await measure('insight', 'homework insight (学情分析)');
await close();
