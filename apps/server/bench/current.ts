// `npm run bench current`: the server as `npm start` runs it (its own process, production argon2
// cost, SQLite on a fresh data dir): start time, idle memory (RSS) and requests/second of
// GET /api/user/current, anonymous and logged in (session lookup + user read + rated), and of
// GET /api/health, whose logged-in cost over the anonymous one is what resolving the viewer adds to
// every request (session lookup + user read, no rated).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { bossCookie, spawnServer } from './lib/bank-server';

const dataDir = mkdtempSync(join(tmpdir(), 'oj-bench-'));

async function start() {
  const t0 = performance.now();
  const server = await spawnServer(dataDir);
  return { ...server, ms: performance.now() - t0 };
}

const rssMiB = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

const first = await start();
await first.stop();
const server = await start();
await new Promise((r) => setTimeout(r, 2000));
const idle = rssMiB(server.pid);

const cookie = await bossCookie(server.url);

async function run(path: string, title: string, headers: Record<string, string>) {
  const res = await autocannon({
    url: `${server.url}${path}`,
    connections: 10,
    duration: 8,
    headers,
  });
  if (res.non2xx || res.errors) throw new Error(`${title}: ${res.non2xx} non-2xx, ${res.errors} errors`);
  console.log(
    `GET ${path} ${title}: ${Math.round(res.requests.average)} req/s, p50 ${res.latency.p50} ms, p99 ${res.latency.p99} ms`,
  );
}
console.log(
  `server start (spawn → listening): ${Math.round(first.ms)} ms on a fresh data dir (RSA key, migrations, seed), ${Math.round(server.ms)} ms on restart`,
);
console.log(`idle RSS of the server process: ${idle.toFixed(1)} MiB`);
await run('/api/user/current', 'anonymous', {});
await run('/api/user/current', 'logged in', { cookie });
await run('/api/health', 'anonymous', {});
await run('/api/health', 'logged in', { cookie });
console.log(`RSS after load: ${rssMiB(server.pid).toFixed(1)} MiB`);
await server.stop();
rmSync(dataDir, { recursive: true, force: true });
