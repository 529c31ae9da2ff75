// `npm run bench start`: restart-to-serving time (process spawn → the first answer of /api/health)
// and resident memory of the server, compiled (what `npm start` runs) and through tsx (how it ran
// before it was compiled), on a seeded SQLite data dir. Medians of RUNS restarts each. The CPU time
// the server spent until it served is printed too: on a busy machine the wall time mostly measures
// the other processes, the CPU time is what the start itself costs. Then idle memory (issue 28):
// the server's resident memory 30 s after start (BENCH_IDLE_MS) with no request but the health
// check, beside a bare Fastify started at the same time, and what the first search costs after
// the server was put in use (a page load, which warms the word segmenter) and as its very first request.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnServer, type ServerRuntime } from './lib/bank-server';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
/** How long the server is left alone before its idle memory is read: timers and lazy setup settle. */
const SETTLE_MS = 2000;
/** A few ordinary page loads, anonymous: the bank, a problem, the daily problem, math/408, both sites. */
const FEW_REQUESTS: [method: 'GET' | 'POST', path: string][] = [
  ['GET', '/api/user/current'],
  ['POST', '/api/problem/algorithm/search'],
  ['GET', '/api/problem/algorithm/search/problemId?problem_id=1000'],
  ['GET', '/api/problem/algorithm/get/tagsPlusCategory'],
  ['GET', '/api/problem/algorithm/get/daily'],
  ['POST', '/api/problem/math408/search'],
  ['GET', '/'],
  ['GET', '/admin/'],
];

const rssMiB = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;
/** User + system CPU time of a process so far (/proc/<pid>/stat fields 14 and 15). */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const settle = () => new Promise((r) => setTimeout(r, SETTLE_MS));

async function measure(runtime: ServerRuntime, dataDir: string) {
  const startMs: number[] = [];
  const startCpuMs: number[] = [];
  const idle: number[] = [];
  const afterRequests: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const server = await spawnServer(dataDir, {}, runtime);
    const health = await fetch(`${server.url}/api/health`);
    if (!health.ok) throw new Error(`/api/health answered ${health.status}`);
    startMs.push(performance.now() - t0);
    startCpuMs.push(cpuMs(server.pid));
    await settle();
    idle.push(rssMiB(server.pid));
    for (let round = 0; round < 5; round++) {
      for (const [method, path] of FEW_REQUESTS) {
        const body = method === 'POST' ? '{}' : undefined;
        const res = await fetch(server.url + path, {
          method,
          body,
          headers: body ? { 'content-type': 'application/json' } : {},
        });
        if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}`);
        await res.arrayBuffer();
      }
    }
    await settle();
    afterRequests.push(rssMiB(server.pid));
    await server.stop();
  }
  console.log(
    `${runtime.padEnd(8)} restart → serving: ${Math.round(median(startMs))} ms` +
      ` (min ${Math.round(Math.min(...startMs))}, max ${Math.round(Math.max(...startMs))}), ${Math.round(median(startCpuMs))} ms of CPU;` +
      ` idle RSS ${median(idle).toFixed(1)} MiB, after ${5 * FEW_REQUESTS.length} requests ${median(afterRequests).toFixed(1)} MiB` +
      ` (medians of ${RUNS})`,
  );
}

const IDLE_MS = Number(process.env.BENCH_IDLE_MS ?? 30_000);
const IDLE_GOAL_MIB = 150;
const FIRST_SEARCH_GOAL_MS = 50;

/** A bare Fastify answering /api/health (what a server with nothing loaded costs). */
async function bareFastify(): Promise<{ pid: number; stop(): void }> {
  const code = `import Fastify from 'fastify';
const app = Fastify();
app.get('/api/health', async () => ({ ok: true }));
await app.listen({ port: 0, host: '127.0.0.1' });
console.log('listening ' + app.server.address().port);`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], {
    cwd: join(import.meta.dirname, '..'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => d.toString().includes('listening') && resolve());
    child.on('exit', (c) => reject(new Error(`bare Fastify exited with ${c}`)));
  });
  return { pid: child.pid!, stop: () => child.kill('SIGTERM') };
}

async function timedSearch(url: string): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(`${url}/api/search/all/vo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ keyword: '线段树 模板', category: 'all', pageSize: 3 }),
  });
  if (!res.ok) throw new Error(`search answered ${res.status}`);
  await res.arrayBuffer();
  return performance.now() - t0;
}

async function idleMemory(runtime: ServerRuntime, dataDir: string) {
  // The second server answers its first search cold: a copy of the data, not shared with the first.
  const copy = mkdtempSync(join(tmpdir(), 'oj-bench-start-'));
  cpSync(dataDir, copy, { recursive: true });
  const [server, direct, bare] = await Promise.all([
    spawnServer(dataDir, {}, runtime),
    spawnServer(copy, {}, runtime),
    bareFastify(),
  ]);
  try {
    for (const s of [server, direct]) await (await fetch(`${s.url}/api/health`)).arrayBuffer();
    await new Promise((r) => setTimeout(r, IDLE_MS));
    const idle = rssMiB(server.pid);
    const bareIdle = rssMiB(bare.pid);
    // In use: a page load (warms the segmenter in the background), a second, then the first search.
    await (await fetch(`${server.url}/`)).arrayBuffer();
    await new Promise((r) => setTimeout(r, 1000));
    const afterPage = await timedSearch(server.url);
    const second = await timedSearch(server.url);
    const firstRequest = await timedSearch(direct.url);
    console.log(
      `${runtime.padEnd(8)} idle RSS after ${IDLE_MS / 1000} s: ${idle.toFixed(1)} MiB (goal ≤ ${IDLE_GOAL_MIB} MiB), ` +
        `bare Fastify ${bareIdle.toFixed(1)} MiB; first search 1 s after a page load ${afterPage.toFixed(1)} ms ` +
        `(goal ≤ ${FIRST_SEARCH_GOAL_MS} ms, then ${second.toFixed(1)} ms), as the very first request ${firstRequest.toFixed(1)} ms; ` +
        `RSS with the segmenter loaded ${rssMiB(server.pid).toFixed(1)} MiB`,
    );
  } finally {
    bare.stop();
    await Promise.all([server.stop(), direct.stop()]);
    rmSync(copy, { recursive: true, force: true });
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'oj-bench-start-'));
try {
  // First start: RSA key, migrations and the demo seed; the runs below are restarts of a seeded server.
  await (await spawnServer(dataDir)).stop();
  await idleMemory('compiled', dataDir);
  await measure('compiled', dataDir);
  await measure('tsx', dataDir);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
