// The server as `npm start` runs it: bundled to plain JavaScript by apps/server/build.mjs and run by
// plain `node`, no TypeScript loader. What bundling could break is checked through the API: files
// found next to their source from `import.meta.url` (the seed content, the sandbox helper, the
// judge's precompiled header and testlib.h), the migrations, and the npm packages loaded only when
// configured (pg, ioredis, bullmq), which stay outside the bundle.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_CODE_TEMPLATES, encryptPassword } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, Client, dropRedisKeys, freshPostgresDatabase } from '../test/helpers';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const BOSS = { account: 'boss', password: 'compiled-boss-1' };
const TOPOLOGICAL_SORT = join(ROOT, 'packages/seed-data/src/problems/topological-sort');

let outDir: string;

beforeAll(() => {
  // Inside the repository, so that the bundle finds node_modules as apps/server/dist does.
  mkdirSync(join(ROOT, '.cache'), { recursive: true });
  outDir = mkdtempSync(join(ROOT, '.cache', 'server-build-test-'));
  const build = spawnSync(process.execPath, [join(ROOT, 'apps/server/build.mjs'), outDir], {
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`build.mjs failed: ${build.stderr}`);
});

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

/** Starts `node <outDir>/main.js` and resolves with the address it prints once listening. */
function startCompiled(env: Record<string, string>): { child: ChildProcess; url: Promise<string> } {
  const child = spawn(process.execPath, ['--enable-source-maps', join(outDir, 'main.js')], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', SMTP_URL: '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = new Promise<string>((resolve, reject) => {
    let out = '';
    const collect = (d: Buffer) => {
      out += d.toString();
      const found = /http:\/\/127\.0\.0\.1:\d+/.exec(out);
      if (found) resolve(found[0]);
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    child.on('exit', (code) => reject(new Error(`the compiled server exited with ${code}:\n${out}`)));
  });
  return { child, url };
}

describe.each(backends())('the compiled server on $name', (backend) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'oj-compiled-'));
  // Its own judge queue on a shared Redis, so that no other test server's workers take its jobs.
  const judgeQueue = `oj-compiled-${randomBytes(6).toString('hex')}`;
  let database: Awaited<ReturnType<typeof freshPostgresDatabase>> | null = null;
  let server: ChildProcess;
  let client: Client;

  beforeAll(async () => {
    database = backend.databaseUrl ? await freshPostgresDatabase(backend.databaseUrl) : null;
    const started = startCompiled({
      OJ_DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? '',
      REDIS_URL: backend.redisUrl ?? '',
      OJ_JUDGE_QUEUE: judgeQueue,
      OJ_ADMIN_ACCOUNT: BOSS.account,
      OJ_ADMIN_PASSWORD: BOSS.password,
      OJ_SHUTDOWN_DRAIN_MS: '1500',
    });
    server = started.child;
    client = new Client(await started.url);
    const key = (await client.get<string>('/api/getPublicKey')).data;
    const password = await encryptPassword(key, BOSS.password);
    expect((await client.post('/api/user/login', { account: BOSS.account, password })).code).toBe(0);
  }, 120_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    await database?.drop();
    if (backend.redisUrl) {
      // npm start's own prefix (sessions, rate limits) and this server's queue.
      await dropRedisKeys(backend.redisUrl, 'oj:');
      await dropRedisKeys(backend.redisUrl, `bull:${judgeQueue}:`);
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Submits a C++ `source` and waits for its final verdict. */
  async function judged(problemId: number, source: string): Promise<string> {
    const res = await client.post<{ submission_id: number }>('/api/problem/algorithm/judge/submit', {
      problem_id: problemId,
      language: 'C++',
      source_code: source,
    });
    expect(res.code).toBe(0);
    const record = `/api/problem/algorithm/records/recordId?submission_id=${res.data.submission_id}`;
    const status = async () => (await client.get<{ status: string }>(record)).data.status;
    await expect.poll(status, { timeout: 120_000, interval: 100 }).not.toBe('PD');
    return status();
  }

  it('runs without a TypeScript loader: the bundle imports no .ts file', () => {
    expect(readFileSync(join(outDir, 'main.js'), 'utf8')).not.toMatch(/from "\.[^"]*\.ts"/);
    expect(server.spawnargs.join(' ')).not.toContain('tsx');
  });

  it('migrated and seeded the demo content read from packages/seed-data', async () => {
    const health = await client.get<{ database: string }>('/api/health');
    expect(health.data.database).toBe(backend.databaseUrl ? 'postgres' : 'sqlite');
    const problem = await client.get<{ chinese_name: string }>(
      '/api/problem/algorithm/search/problemId?problem_id=1000',
    );
    expect(problem.data.chinese_name).toBe('A+B 问题');
    const questions = await client.post<{ records: unknown[] }>('/api/problem/math408/search', {});
    expect(questions.data.records.length).toBeGreaterThan(0);
  });

  it('judges in the sandbox with the precompiled header: A+B from the C++ template is accepted', async () => {
    expect(await judged(1000, DEFAULT_CODE_TEMPLATES['C++'])).toBe('AC');
  });

  it('imports a problem package in the bundled worker thread (import-parse.worker.js beside main.js)', async () => {
    // The bundle starts the bundled worker, not the TypeScript one through tsx.
    expect(readFileSync(join(outDir, 'main.js'), 'utf8')).toContain('new URL("./import-parse.worker.js"');
    expect(readFileSync(join(outDir, 'import-parse.worker.js'), 'utf8')).not.toMatch(/from "\.[^"]*\.ts"/);
    const fd = new FormData();
    const fps =
      '<fps><item><title>编译后导入</title><description>d</description>' +
      '<test_input>1</test_input><test_output>1</test_output></item></fps>';
    fd.append('file', new Blob([fps]), 'compiled.xml');
    const started = await client.request<{ job_id: number }>('POST', '/api/problem/algorithm/admin/import', {
      body: fd,
    });
    expect(started.code).toBe(0);
    const job = async () =>
      (
        await client.get<{ status: string; imported: unknown[] }>(
          `/api/problem/algorithm/admin/import/job?job_id=${started.data.job_id}`,
        )
      ).data;
    await expect.poll(async () => (await job()).status, { timeout: 60_000 }).toBe('done');
    expect((await job()).imported).toHaveLength(1);
  });

  it('compiles a special checker against the shipped testlib.h', async () => {
    const { problem_id } = JSON.parse(readFileSync(join(TOPOLOGICAL_SORT, 'problem.json'), 'utf8')) as {
      problem_id: number;
    };
    expect(await judged(problem_id, readFileSync(join(TOPOLOGICAL_SORT, 'solution.cpp'), 'utf8'))).toBe('AC');
  });

  // Last: it stops the server.
  it('shuts down gracefully when one Ctrl-C arrives twice (the process group and npm forwarding it)', async () => {
    const exited = new Promise<number | null>((r) => server.once('exit', (code) => r(code)));
    server.kill('SIGINT');
    server.kill('SIGINT');
    // Still serving through the drain, and saying it is going away (once the signal is handled).
    let ready = await client.get('/api/health/ready');
    for (let i = 0; ready.status === 200 && i < 100; i++) {
      await new Promise((r) => setTimeout(r, 10));
      ready = await client.get('/api/health/ready');
    }
    expect(ready.status).toBe(503);
    expect(ready.message).toBe('服务正在关闭');
    expect(await exited).toBe(0);
  });
});
