// `npm run bench judging`: the bank search p99 while the judge is saturated (issue 11). 10 users
// submit 200 C programs at once (each burns ~30 ms of CPU on each of 2 tests); the search is
// measured at a steady 50 req/s idle, then during the burst, on the same server. Run twice: the
// judge at niceness 0 (as before issue 11) and at its default (10). Goal: p99 under 50 ms.
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
  await fetch(`${server.url}/api/user/email/send?receiveEmail=${encodeURIComponent(email)}`, { method: 'POST' });
  const outbox = join(server.dataDir, 'outbox');
  const mail = readdirSync(outbox).filter((f) => f.endsWith(`-${email}.eml`)).sort().pop()!;
  const password = await encryptPassword(key, 'bench-password-1');
  const body = { account, email, code: codeFromMail(readFileSync(join(outbox, mail), 'utf8')), password, check_password: password };
  const res = await fetch(`${server.url}/api/user/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  if (((await res.json()) as { code: number }).code !== 0 || !cookie) throw new Error(`register ${account}`);
  return cookie;
}

/** Bank search at a steady rate (not flat out: the figure is the latency a user sees). */
async function searchLatency(server: BenchServer, seconds: number) {
  const res = await autocannon({
    url: `${server.url}/api/problem/algorithm/search`,
    method: 'POST',
    connections: 5,
    overallRate: 50,
    duration: seconds,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ keyword: '练习', pageNum: 1, pageSize: 20 }),
  });
  if (res.non2xx || res.errors) throw new Error(`search: ${res.non2xx} non-2xx, ${res.errors} errors`);
  return { p50: res.latency.p50, p99: res.latency.p99, n: res.requests.total };
}

async function pending(server: BenchServer): Promise<number> {
  const page = await server.post<{ total: number }>('/api/problem/algorithm/records?pageNum=1&pageSize=1&status=PD');
  return page.data.total;
}

async function phase(nice: string): Promise<void> {
  const server = await startBenchServer({ OJ_JUDGE_NICE: nice });
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
    const cookies = await Promise.all(Array.from({ length: USERS }, (_, i) => register(server, `bench_u${i}`)));

    const idle = await searchLatency(server, 6);
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
    const busy = await searchLatency(server, 8);
    const left = await pending(server);
    while ((await pending(server)) > 0) await new Promise((r) => setTimeout(r, 500));
    const seconds = ((performance.now() - t0) / 1000).toFixed(1);
    const ac = await server.post<{ total: number }>('/api/problem/algorithm/records?pageNum=1&pageSize=1&status=AC');
    console.log(
      `judge at nice ${nice}: search idle p50 ${idle.p50} ms, p99 ${idle.p99} ms (${idle.n} requests); ` +
        `judging p50 ${busy.p50} ms, p99 ${busy.p99} ms (${busy.n} requests, ${left} still waiting after it); ` +
        `${accepted}/${USERS * PER_USER} submissions taken, ${ac.data.total} AC, all judged in ${seconds} s`,
    );
  } finally {
    await server.stop();
  }
}

await phase('0');
await phase('10');
