import { randomBytes } from 'node:crypto';
import { encryptPassword } from '@oj/shared';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, type Db } from '../src/db/kysely';
import { migrate } from '../src/db/migrate';
import { startServer, type RunningServer, type StartOptions } from '../src/index';
import type { Clock } from '../src/lib/time';
import { dataDirRoot, migratedPostgresDatabase, prepareDataDir } from './install-template';

/**
 * Test support: real servers on ephemeral ports with fresh databases, and an HTTP client with a
 * cookie jar. Every suite runs on SQLite; on PostgreSQL + Redis too when TEST_DATABASE_URL /
 * TEST_REDIS_URL are set (each server gets its own database, dropped afterwards).
 */
export interface Backend {
  name: string;
  databaseUrl?: string;
  redisUrl?: string;
}

export function backends(): Backend[] {
  const list: Backend[] = [{ name: 'sqlite' }];
  const pgUrl = process.env.TEST_DATABASE_URL?.trim();
  if (pgUrl)
    list.push({
      name: 'postgres+redis',
      databaseUrl: pgUrl,
      redisUrl: process.env.TEST_REDIS_URL?.trim() || undefined,
    });
  return list;
}

/**
 * A clock a test moves forward instead of sleeping: real time plus what the test skipped, so that
 * everything not under test (judging, timeouts) keeps its ordinary pace.
 */
export class TestClock implements Clock {
  private skipped = 0;
  now(): number {
    return Date.now() + this.skipped;
  }
  advance(ms: number): void {
    this.skipped += ms;
  }
}

export interface ApiResponse<T = unknown> {
  status: number;
  code: number;
  message: string;
  data: T;
  headers: Headers;
}

/** The data of an answer with code 0; any other answer fails the test with its message. */
export async function ok<T>(p: Promise<{ code: number; message: string; data: T }>): Promise<T> {
  const res = await p;
  if (res.code !== 0) throw new Error(res.message);
  return res.data;
}

export class Client {
  readonly cookies = new Map<string, string>();
  constructor(readonly base: string) {}

  /** The same session on another node of the install (at `base`): its cookies, copied. */
  on(base: string): Client {
    const other = new Client(base);
    for (const [k, v] of this.cookies) other.cookies.set(k, v);
    return other;
  }

  async request<T = unknown>(
    method: string,
    path: string,
    init: { json?: unknown; body?: string | Buffer | FormData; headers?: Record<string, string> } = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...init.headers };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let body = init.body;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    }
    const res = await fetch(this.base + path, { method, headers, body, redirect: 'manual' });
    this.absorb(res.headers);
    const text = await res.text();
    let parsed: { code?: number; message?: string; data?: unknown } = {};
    try {
      parsed = JSON.parse(text) as typeof parsed;
    } catch {
      parsed = { data: text };
    }
    return {
      status: res.status,
      code: parsed.code ?? -999,
      message: parsed.message ?? '',
      data: parsed.data as T,
      headers: res.headers,
    };
  }

  absorb(headers: Headers): void {
    for (const c of headers.getSetCookie()) {
      const [pair, ...attrs] = c.split(';');
      const [name, ...rest] = pair.split('=');
      const value = rest.join('=');
      const expired = attrs.some((a) => /expires=Thu, 01 Jan 1970/i.test(a) || /max-age=0\b/i.test(a.trim()));
      if (!value || expired) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
  }

  get<T = unknown>(path: string) {
    return this.request<T>('GET', path);
  }
  post<T = unknown>(path: string, json?: unknown) {
    return this.request<T>('POST', path, json === undefined ? {} : { json });
  }
}

export interface TestServer {
  server: RunningServer;
  url: string;
  dataDir: string;
  /** The server's own PostgreSQL database; '' on SQLite. */
  databaseUrl: string;
  /** This server's Redis key prefix, for a second node of the same install. */
  redisPrefix: string;
  client(): Client;
  encrypt(plain: string): Promise<string>;
  /** The latest code mailed to `email` through the development outbox. */
  outboxCode(email: string): string;
  /** Registers through the real flow (code from the outbox) and returns the logged-in client. */
  register(account: string, password?: string): Promise<{ client: Client; uuid: number; email: string }>;
  login(account: string, password: string): Promise<Client>;
  admin: { account: string; password: string };
  close(): Promise<void>;
}

export const TEST_PASSWORD = 'secret-123';
const ADMIN = { account: 'boss', password: 'boss-password-1' };

/**
 * A migrated, empty database of `backend` (SQLite in a new temporary directory, or a new database
 * on the PostgreSQL server), for tests of a service without a whole server; `cleanup` removes it.
 */
export async function migratedDatabase(backend: Backend): Promise<{ db: Db; cleanup(): Promise<void> }> {
  const dataDir = mkdtempSync(join(dataDirRoot(), 'oj-db-'));
  const pgdb = backend.databaseUrl ? await migratedPostgresDatabase(backend.databaseUrl) : null;
  await prepareDataDir(dataDir, !pgdb);
  const db = await openDatabase({ databaseUrl: pgdb?.url ?? '', dataDir });
  await migrate(db.db as never, db.dialect);
  return {
    db,
    cleanup: async () => {
      await db.close();
      await pgdb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A new empty database on the PostgreSQL server of `serverUrl`, and how to drop it afterwards. */
export async function freshPostgresDatabase(
  serverUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `oj_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function startTestServer(backend: Backend, options: StartOptions = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(dataDirRoot(), 'oj-server-test-'));
  const database = backend.databaseUrl ? await migratedPostgresDatabase(backend.databaseUrl) : null;
  await prepareDataDir(dataDir, !database);
  const databaseUrl = database?.url ?? '';
  const redisPrefix = `oj-test:${randomBytes(6).toString('hex')}:`;
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl,
    redisUrl: backend.redisUrl ?? '',
    redisPrefix,
    smtpUrl: '',
    adminAccount: ADMIN.account,
    adminPassword: ADMIN.password,
    webDistDir: join(dataDir, 'no-web-dist'),
    logLevel: 'silent',
    fastPasswordHashing: true,
    seedDemo: true,
    seedDemoCommunity: false,
    env: {},
    ...options,
    rateLimits: {
      login: { max: 1000, windowMs: 60_000 },
      register: { max: 1000, windowMs: 60_000 },
      emailPerAddress: { max: 1000, windowMs: 60_000 },
      emailPerIp: { max: 1000, windowMs: 60_000 },
      upload: { max: 1000, windowMs: 60_000 },
      search: { max: 1000, windowMs: 60_000 },
      ...options.rateLimits,
    },
  });
  let publicKey: string | null = null;
  const ts: TestServer = {
    server,
    url: server.url,
    dataDir,
    databaseUrl,
    redisPrefix,
    admin: ADMIN,
    client: () => new Client(server.url),
    async encrypt(plain) {
      if (!publicKey) publicKey = (await new Client(server.url).get<string>('/api/getPublicKey')).data;
      // The sites' own code path (Web Crypto), so the tests prove the two ends agree.
      return encryptPassword(publicKey, plain);
    },
    outboxCode(email) {
      const dir = join(server.dataDir, 'outbox');
      const files = readdirSync(dir)
        .filter((f) => f.endsWith(`-${email.toLowerCase()}.eml`))
        .sort();
      if (!files.length) throw new Error(`no mail to ${email}`);
      return codeFromMail(readFileSync(join(dir, files[files.length - 1]), 'utf8'));
    },
    async register(account, password = TEST_PASSWORD) {
      const email = `${account.toLowerCase()}@example.com`;
      const client = new Client(server.url);
      const sent = await client.post(`/api/user/email/send?receiveEmail=${encodeURIComponent(email)}`);
      if (sent.code !== 0) throw new Error(`send code: ${sent.message}`);
      const enc = await ts.encrypt(password);
      const res = await client.post<{ uuid: number }>('/api/user/register', {
        account,
        email,
        code: ts.outboxCode(email),
        password: enc,
        check_password: enc,
      });
      if (res.code !== 0) throw new Error(`register ${account}: ${res.message}`);
      return { client, uuid: res.data.uuid, email };
    },
    async login(account, password) {
      const client = new Client(server.url);
      const res = await client.post('/api/user/login', { account, password: await ts.encrypt(password) });
      if (res.code !== 0) throw new Error(`login ${account}: ${res.message}`);
      return client;
    },
    async close() {
      await server.close();
      if (database) await database.drop();
      if (backend.redisUrl) await dropRedisKeys(backend.redisUrl, redisPrefix);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return ts;
}

/**
 * Options of a SQLite server on `dataDir` that a test stops and starts again on the same data
 * (crash recovery, rebuilding in-memory state); the boss is `TestServer.admin`'s account.
 */
export function restartableOptions(dataDir: string): StartOptions {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: '',
    redisUrl: '',
    smtpUrl: '',
    adminAccount: ADMIN.account,
    adminPassword: ADMIN.password,
    webDistDir: join(dataDir, 'no-web'),
    logLevel: 'silent',
    fastPasswordHashing: true,
    seedDemo: true,
    seedDemoCommunity: false,
    env: {},
  };
}

/** A client logged in as the boss of a server started with `restartableOptions`. */
export async function loginAsBoss(url: string): Promise<Client> {
  const c = new Client(url);
  const key = (await c.get<string>('/api/getPublicKey')).data;
  const res = await c.post('/api/user/login', {
    account: ADMIN.account,
    password: await encryptPassword(key, ADMIN.password),
  });
  if (res.code !== 0) throw new Error(`boss login: ${res.message}`);
  return c;
}

/** Removes a test server's Redis keys (sessions, rate-limit counters). */
export async function dropRedisKeys(url: string, prefix: string): Promise<void> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/** Extracts the 6-digit code from a raw quoted-printable message. */
export function codeFromMail(raw: string): string {
  const body = raw.slice(raw.search(/\r?\n\r?\n/));
  const decoded = Buffer.from(
    body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
    'latin1',
  ).toString('utf8');
  const m = /验证码是：(\d{6})/.exec(decoded);
  if (!m) throw new Error(`no code in mail: ${decoded.slice(0, 200)}`);
  return m[1];
}

/**
 * A log destination for `startTestServer(backend, { logLevel: 'info', logStream: log.stream })`:
 * bad input must be answered with a 4xx and leave nothing at error level (pino level ≥ 50).
 */
export function captureLog() {
  const lines: { level: number; msg?: string; err?: { message?: string } }[] = [];
  return {
    stream: { write: (line: string) => void lines.push(JSON.parse(line) as (typeof lines)[number]) },
    lines,
    errors: () => lines.filter((l) => l.level >= 50).map((l) => `${l.msg}: ${l.err?.message ?? ''}`),
  };
}

/**
 * A second node of `a`'s install (same PostgreSQL database, same Redis prefix) that judges
 * nothing: what it sees of a change stored on `a` came through the event bus. Close it before `a`.
 */
export async function startSecondNode(
  a: TestServer,
  redisUrl: string,
): Promise<RunningServer & { dir: string }> {
  const dir = mkdtempSync(join(dataDirRoot(), 'oj-node-b-'));
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir: dir,
    databaseUrl: a.databaseUrl,
    redisUrl,
    redisPrefix: a.redisPrefix,
    smtpUrl: '',
    adminAccount: a.admin.account,
    adminPassword: a.admin.password,
    webDistDir: join(dir, 'no-web'),
    logLevel: 'silent',
    fastPasswordHashing: true,
    seedDemo: false,
    env: {},
    configure: (config) => {
      config.judgeWorkers = 0;
    },
  });
  const closeServer = server.close.bind(server);
  return Object.assign(server, {
    dir,
    async close() {
      await closeServer();
      rmSync(dir, { recursive: true, force: true });
    },
  });
}
