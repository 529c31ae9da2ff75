// `npm run bench start`: restart-to-serving time (process spawn → the first answer of /api/health)
// and resident memory of the server, compiled (what `npm start` runs) and through tsx (how it ran
// before it was compiled), on a seeded SQLite data dir. Medians of RUNS restarts each. The CPU time
// the server spent until it served is printed too: on a busy machine the wall time mostly measures
// the other processes, the CPU time is what the start itself costs.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
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

const dataDir = mkdtempSync(join(tmpdir(), 'oj-bench-start-'));
try {
  // First start: RSA key, migrations and the demo seed; the runs below are restarts of a seeded server.
  await (await spawnServer(dataDir)).stop();
  await measure('compiled', dataDir);
  await measure('tsx', dataDir);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
