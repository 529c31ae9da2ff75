// `npm run bench current`: the server as `npm start` runs it (its own process, production argon2
// cost, SQLite on a fresh data dir): start time, idle memory (RSS) and requests/second of
// GET /api/user/current, anonymous and logged in (session lookup + user read).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { encryptPassword } from '@oj/shared';

const ROOT = join(import.meta.dirname, '../../..');
const dataDir = mkdtempSync(join(tmpdir(), 'oj-bench-'));

async function start(): Promise<{ url: string; ms: number; pid: number; stop(): Promise<void> }> {
  const t0 = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'apps/server/src/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      OJ_DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: '',
      OJ_ADMIN_ACCOUNT: 'boss',
      OJ_ADMIN_PASSWORD: 'bench-password',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /(http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
  const ms = performance.now() - t0;
  return {
    url,
    ms,
    pid: child.pid!,
    stop: () => new Promise<void>((r) => (child.once('exit', () => r()), child.kill('SIGTERM'))),
  };
}

const rssMiB = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

const first = await start();
await first.stop();
const server = await start();
await new Promise((r) => setTimeout(r, 2000));
const idle = rssMiB(server.pid);

const key = ((await (await fetch(`${server.url}/api/getPublicKey`)).json()) as { data: string }).data;
const login = await fetch(`${server.url}/api/user/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ account: 'boss', password: await encryptPassword(key, 'bench-password') }),
});
const cookie = login.headers
  .getSetCookie()
  .map((c) => c.split(';')[0])
  .join('; ');

async function run(title: string, headers: Record<string, string>) {
  const res = await autocannon({
    url: `${server.url}/api/user/current`,
    connections: 10,
    duration: 8,
    headers,
  });
  if (res.non2xx || res.errors) throw new Error(`${title}: ${res.non2xx} non-2xx, ${res.errors} errors`);
  console.log(
    `GET /api/user/current ${title}: ${Math.round(res.requests.average)} req/s, p50 ${res.latency.p50} ms, p99 ${res.latency.p99} ms`,
  );
}
console.log(
  `server start (spawn → listening): ${Math.round(first.ms)} ms on a fresh data dir (RSA key, migrations, seed), ${Math.round(server.ms)} ms on restart`,
);
console.log(`idle RSS of the server process: ${idle.toFixed(1)} MiB`);
await run('anonymous', {});
await run('logged in', { cookie });
console.log(`RSS after load: ${rssMiB(server.pid).toFixed(1)} MiB`);
await server.stop();
rmSync(dataDir, { recursive: true, force: true });
