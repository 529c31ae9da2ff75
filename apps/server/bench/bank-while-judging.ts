// `npm run bench judging`: read routes' p99 while the judge is saturated (issues 11 and 28). 10 users
// submit 200 C programs at once (each burns ~30 ms of CPU on each of 2 tests); the problem list,
// the bank search and a problem's detail are measured together at a steady rate idle, then during
// the burst, on the same server. Phases: the judge at niceness 0 without CPU groups (no priority
// at all), niceness 10 without CPU groups (the fallback: docs/judge-speed.md), and the default
// (niceness 10, the boxes in a low-weight CPU group, the server in a high-weight one).
// Goal: p99 ≤ 50 ms on every read route.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { encryptPassword } from '@oj/shared';
import { codeFromMail } from '../test/helpers';
import { addAPlusB, type BenchServer, startBenchServer } from './lib/bank-server';

const USERS = 10;
const PER_USER = 20; // the submit rate limit: 20 a minute per user
const SOURCE = `#include <stdio.h>
#include <time.h>
int main(void) {
  long a, b;
  if (scanf("%ld %ld", &a, &b) != 2) return 1;
  volatile unsigned long x = 0;
  while (clock() < CLOCKS_PER_SEC * 3 / 100) x++;
  printf("%ld\\n", a + b);
  return 0;
}
`;

async function register(server: BenchServer, account: string): Promise<string> {
  const email = `${account}@example.com`;
  const key = ((await (await fetch(`${server.url}/api/getPublicKey`)).json()) as { data: string }).data;
  await fetch(`${server.url}/api/user/email/send?receiveEmail=${encodeURIComponent(email)}`, {
    method: 'POST',
  });
  const outbox = join(server.dataDir, 'outbox');
  const mail = readdirSync(outbox)
    .filter((f) => f.endsWith(`-${email}.eml`))
    .sort()
    .pop()!;
  const password = await encryptPassword(key, 'bench-password-1');
  const body = {
    account,
    email,
    code: codeFromMail(readFileSync(join(outbox, mail), 'utf8')),
    password,
    check_password: password,
  };
  const res = await fetch(`${server.url}/api/user/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (((await res.json()) as { code: number }).code !== 0 || !cookie) throw new Error(`register ${account}`);
  return cookie;
}

interface Latency {
  p50: number;
  p99: number;
  n: number;
}

/** One read route at a steady rate (not flat out: the figure is the latency a user sees). */
async function latency(opts: Parameters<typeof autocannon>[0]): Promise<Latency> {
  const res = await autocannon({ connections: 3, overallRate: 20, ...opts });
  if (res.non2xx || res.errors) throw new Error(`${opts.url}: ${res.non2xx} non-2xx, ${res.errors} errors`);
  return { p50: res.latency.p50, p99: res.latency.p99, n: res.requests.total ?? 0 };
}

/** The read routes, all at once (60 requests/s together): problem list, bank search, problem detail. */
async function readLatency(server: BenchServer, problemId: number, seconds: number) {
  const post = (body: unknown) => ({
    method: 'POST' as const,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const [list, search, detail] = await Promise.all([
    latency({
      url: `${server.url}/api/problem/algorithm/search`,
      duration: seconds,
      ...post({ pageNum: 1, pageSize: 20 }),
    }),
    latency({
      url: `${server.url}/api/problem/algorithm/search`,
      duration: seconds,
      ...post({ keyword: '练习', pageNum: 1, pageSize: 20 }),
    }),
    latency({
      url: `${server.url}/api/problem/algorithm/search/problemId?problem_id=${problemId}`,
      duration: seconds,
    }),
  ]);
  return { list, search, detail };
}

const show = (r: Awaited<ReturnType<typeof readLatency>>) =>
  (['list', 'search', 'detail'] as const).map((k) => `${k} p50 ${r[k].p50} / p99 ${r[k].p99} ms`).join(', ');

async function pending(server: BenchServer): Promise<number> {
  const page = await server.post<{ total: number }>(
    '/api/problem/algorithm/records?pageNum=1&pageSize=1&status=PD',
  );
  return page.data.total;
}

async function phase(label: string, env: Record<string, string>): Promise<number> {
  const server = await startBenchServer(env);
  try {
    for (let i = 0; i < 200; i++) {
      const res = await server.post('/api/problem/algorithm/admin/add', {
        chinese_name: `练习题 ${i}`,
        description: `第 ${i} 题。`,
        difficulty: i % 4,
        source_name: 'own',
        time_limit: 1000,
        memory_limit: 256,
      });
      if (res.code !== 0) throw new Error(res.message);
    }
    const problemId = await addAPlusB(server, [
      { input: '1 2\n', output: '3\n' },
      { input: '5 7\n', output: '12\n' },
    ]);
    const cookies = await Promise.all(
      Array.from({ length: USERS }, (_, i) => register(server, `bench_u${i}`)),
    );

    const idle = await readLatency(server, problemId, 6);
    const t0 = performance.now();
    const submitted = await Promise.all(
      cookies.flatMap((cookie) =>
        Array.from({ length: PER_USER }, async () => {
          const res = await fetch(`${server.url}/api/problem/algorithm/judge/submit`, {
            method: 'POST',
            headers: { cookie, 'content-type': 'application/json' },
            body: JSON.stringify({ problem_id: problemId, language: 'C', source_code: SOURCE }),
          });
          return ((await res.json()) as { code: number }).code === 0;
        }),
      ),
    );
    const accepted = submitted.filter(Boolean).length;
    const busy = await readLatency(server, problemId, 8);
    const left = await pending(server);
    while ((await pending(server)) > 0) await new Promise((r) => setTimeout(r, 500));
    const seconds = ((performance.now() - t0) / 1000).toFixed(1);
    const ac = await server.post<{ total: number }>(
      '/api/problem/algorithm/records?pageNum=1&pageSize=1&status=AC',
    );
    const worst = Math.max(busy.list.p99, busy.search.p99, busy.detail.p99);
    console.log(`${label}:`);
    console.log(`  idle:    ${show(idle)}`);
    console.log(`  judging: ${show(busy)} (${left} submissions still waiting after it)`);
    console.log(
      `  worst p99 while judging ${worst} ms (goal ≤ 50 ms); ${accepted}/${USERS * PER_USER} submissions taken, ${ac.data.total} AC, all judged in ${seconds} s`,
    );
    return worst;
  } finally {
    await server.stop();
  }
}

await phase('judge at nice 0, no CPU groups (no priority)', { OJ_JUDGE_NICE: '0', OJ_JUDGE_CPU_GROUPS: '0' });
await phase('judge at nice 10, no CPU groups (the default)', {
  OJ_JUDGE_NICE: '10',
  OJ_JUDGE_CPU_GROUPS: '0',
});
await phase('judge at nice 10 in its CPU group, the server in its own (OJ_JUDGE_CPU_GROUPS=1)', {
  OJ_JUDGE_CPU_GROUPS: '1',
});
