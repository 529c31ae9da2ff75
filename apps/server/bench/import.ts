// `npm run bench import`: /api/health latency while problems are imported (issue 22). The compiled
// server (what `npm start` runs) on SQLite; health is asked at a steady 50 requests a second (not
// flat out: the figure is the wait a monitor or a user sees), first idle, then during each import,
// from the upload's start to the job's end, in the same run:
//   - FPS XML, 100 problems, HTML statements (~8 KiB) and 10 tests of ~10 KiB each: parse-heavy;
//   - HydroOJ zip, 100 problems, 15 tests of ~80 KiB each (120 MiB unpacked; 15 pairs keep the
//     zip under its 4000 entries): store-heavy;
//   - HydroOJ zip, 1 problem with 3 tests of 60 MiB: one large test set stored;
//   - the Polygon package of issue 22, `<test-count>4000000</test-count>`: refused.
// Each import runs RUNS times and its health figures cover all of them. Goal: health p99 under
// 100 ms during a 100-problem import.
import { zipOf } from '../test/problems';
import { fpsPackage, polygonDeclaring } from '../test/import-packages';
import { type BenchServer, startBenchServer } from './lib/bank-server';

const RATE = 50;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const IDLE_SECONDS = 5;
const P = '/api/problem/algorithm/admin';

interface Job {
  job_id: number;
  status: string;
  total: number;
  done: number;
  imported: unknown[];
  error: { message: string } | null;
}

/** Health asked every 1000 / RATE ms whatever the answers do (open loop); latencies in ms. */
function healthSampler(url: string) {
  const latencies: number[] = [];
  const inFlight = new Set<Promise<void>>();
  const timer = setInterval(() => {
    const t0 = performance.now();
    const p = fetch(`${url}/api/health`)
      .then(async (res) => {
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`/api/health answered ${res.status}`);
        latencies.push(performance.now() - t0);
      })
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  }, 1000 / RATE);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all(inFlight);
      return figures(latencies);
    },
  };
}

function figures(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  return {
    n: s.length,
    text: `p50 ${ms(at(0.5))}, p99 ${ms(at(0.99))}, max ${ms(s[s.length - 1])} (${s.length} requests)`,
  };
}

async function job(server: BenchServer, id: number): Promise<Job> {
  const res = await fetch(`${server.url}${P}/import/job?job_id=${id}`, {
    headers: { cookie: server.cookie },
  });
  return ((await res.json()) as { data: Job }).data;
}

/** Runs one import: the time to read the package, the total time, and how it ended. */
async function runImport(server: BenchServer, name: string, bytes: Buffer) {
  const t0 = performance.now();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const started = (await (
    await fetch(`${server.url}${P}/import`, {
      method: 'POST',
      headers: { cookie: server.cookie },
      body: form,
    })
  ).json()) as { code: number; message: string; data: Job };
  if (started.code !== 0) throw new Error(`import refused: ${started.message}`);
  let readMs = 0;
  let j = started.data;
  while (j.status === 'parsing' || j.status === 'storing') {
    await new Promise((r) => setTimeout(r, 50));
    j = await job(server, started.data.job_id);
    if (!readMs && j.status !== 'parsing') readMs = performance.now() - t0;
  }
  const ended =
    j.status === 'done'
      ? `${j.imported.length}/${j.total} problems imported`
      : `${j.status}: ${j.error?.message}`;
  return { readMs, totalMs: performance.now() - t0, ended };
}

/** An import RUNS times under the health sampler (from each upload's start to its job's end). */
async function importWhileSampling(server: BenchServer, name: string, bytes: Buffer) {
  const sampler = healthSampler(server.url);
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await runImport(server, name, bytes));
  const health = await sampler.stop();
  const s = (xs: number[]) => xs.map((ms) => (ms / 1000).toFixed(1)).join(' / ');
  console.log(
    `${name} (${(bytes.length / 1024 / 1024).toFixed(1)} MiB), ${RUNS} runs: ${runs[0].ended}; ` +
      `read in ${s(runs.map((r) => r.readMs))} s, all in ${s(runs.map((r) => r.totalMs))} s; ` +
      `health meanwhile ${health.text}`,
  );
}

/** HydroOJ zip: `problems` folders with `tests` pairs of about `testBytes` each (they compress well). */
async function hydroPackage(problems: number, tests: number, testBytes: number): Promise<Buffer> {
  const entries: [string, string][] = [];
  for (let p = 1; p <= problems; p++) {
    entries.push([`P${p}/problem.yaml`, `title: 存储基准 ${p}\ntag: [动态规划]\n`]);
    entries.push([
      `P${p}/problem_zh.md`,
      `求和。\n\n\`\`\`input1\n1 2\n\`\`\`\n\n\`\`\`output1\n3\n\`\`\`\n`,
    ]);
    entries.push([`P${p}/testdata/config.yaml`, 'time: 1s\nmemory: 256m\n']);
    for (let t = 1; t <= tests; t++) {
      const line = `${p} ${t} ${'9'.repeat(20)}\n`;
      entries.push([`P${p}/testdata/${t}.in`, line.repeat(Math.ceil(testBytes / line.length))]);
      entries.push([`P${p}/testdata/${t}.out`, `${p + t}\n`]);
    }
  }
  return zipOf(entries);
}

const server = await startBenchServer();
try {
  const idle = healthSampler(server.url);
  await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
  console.log(`health idle: ${(await idle.stop()).text}`);
  await importWhileSampling(
    server,
    'fps-100.xml',
    fpsPackage(100, { htmlBytes: 8 * 1024, tests: 10, testBytes: 10 * 1024, title: '解析基准' }),
  );
  await importWhileSampling(server, 'hydro-100.zip', await hydroPackage(100, 15, 80 * 1024));
  await importWhileSampling(server, 'hydro-1-big.zip', await hydroPackage(1, 3, 60 * 1024 * 1024));
  await importWhileSampling(server, 'polygon-test-count-4000000.zip', await polygonDeclaring(4_000_000));
} finally {
  await server.stop();
}
