// Shared by the server benchmarks (in lib/, so the bench runner does not run it alone).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encryptPassword } from '@oj/shared';

const ROOT = join(import.meta.dirname, '../../../..');
const BOSS_PASSWORD = 'bench-password';

export interface BenchServer {
  url: string;
  dataDir: string;
  cookie: string;
  post<T = unknown>(path: string, body?: unknown): Promise<{ code: number; message: string; data: T }>;
  stop(): Promise<void>;
}

/**
 * How the server process runs: `compiled` is what `npm start` runs (apps/server/dist, built by the
 * bootstrap that `npm run bench` runs first); `tsx` runs the TypeScript sources, for comparison.
 */
export type ServerRuntime = 'compiled' | 'tsx';

const SERVER_ARGS: Record<ServerRuntime, string[]> = {
  compiled: ['--enable-source-maps', join(ROOT, 'apps/server/dist/main.js')],
  tsx: ['--import', 'tsx', join(ROOT, 'apps/server/src/main.ts')],
};

/** The server as `npm start` runs it: its own process, SQLite in `dataDir`, the boss `boss`. */
export async function spawnServer(
  dataDir: string,
  env: Record<string, string> = {},
  runtime: ServerRuntime = 'compiled',
): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
  const child = spawn(process.execPath, SERVER_ARGS[runtime], {
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
      OJ_ADMIN_PASSWORD: BOSS_PASSWORD,
      LOG_LEVEL: 'warn',
      ...env,
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
  return {
    url,
    pid: child.pid!,
    stop: () => new Promise<void>((r) => (child.once('exit', () => r()), child.kill('SIGTERM'))),
  };
}

/** The session cookie of the boss of a server started by `spawnServer`. */
export async function bossCookie(url: string): Promise<string> {
  const key = ((await (await fetch(`${url}/api/getPublicKey`)).json()) as { data: string }).data;
  const login = await fetch(`${url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: 'boss', password: await encryptPassword(key, BOSS_PASSWORD) }),
  });
  return login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** A fresh server (see `spawnServer`) with a client logged in as the boss. */
export async function startBenchServer(env: Record<string, string> = {}): Promise<BenchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'oj-bench-bank-'));
  const server = await spawnServer(dataDir, env);
  const { url } = server;
  const cookie = await bossCookie(url);
  return {
    url,
    dataDir,
    cookie,
    async post<T>(path: string, body?: unknown) {
      const res = await fetch(url + path, {
        method: 'POST',
        headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return (await res.json()) as { code: number; message: string; data: T };
    },
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A new A+B problem (1 s, 256 MiB) with these tests, made through the admin API; its id. */
export async function addAPlusB(
  server: Pick<BenchServer, 'post'>,
  tests: { input: string; output: string }[],
  name = '基准 A+B',
): Promise<number> {
  const added = await server.post<{ problem_id: number }>('/api/problem/algorithm/admin/add', {
    chinese_name: name,
    description: '输出 $a+b$。',
    difficulty: 0,
    source_name: 'own',
    time_limit: 1000,
    memory_limit: 256,
  });
  if (added.code !== 0) throw new Error(added.message);
  await server.post(`/api/problem/algorithm/admin/testCase/add?problem_id=${added.data.problem_id}`, tests);
  return added.data.problem_id;
}
