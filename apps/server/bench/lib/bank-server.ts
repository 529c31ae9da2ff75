// Shared by bench/submit.ts and bench/bank.ts (in lib/, so the bench runner does not run it alone).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encryptPassword } from '@oj/shared';

const ROOT = join(import.meta.dirname, '../../../..');

export interface BenchServer {
  url: string;
  cookie: string;
  post<T = unknown>(path: string, body?: unknown): Promise<{ code: number; message: string; data: T }>;
  stop(): Promise<void>;
}

/** The server as `npm start` runs it (own process, SQLite on a fresh data dir), logged in as the admin. */
export async function startBenchServer(env: Record<string, string> = {}): Promise<BenchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'oj-bench-bank-'));
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
  const key = ((await (await fetch(`${url}/api/getPublicKey`)).json()) as { data: string }).data;
  const login = await fetch(`${url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: 'boss', password: await encryptPassword(key, 'bench-password') }),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return {
    url,
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
      await new Promise<void>((r) => (child.once('exit', () => r()), child.kill('SIGTERM')));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
