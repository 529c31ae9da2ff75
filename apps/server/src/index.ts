import { resolve } from 'node:path';
import { buildApp } from './app';
import type { AppContext } from './context';
import {
  ARGON2_PRODUCTION,
  DEFAULT_RATE_LIMITS,
  loadConfig,
  type Config,
  type RateLimitPreset,
  type RateLimitRule,
} from './lib/config';
import type { LogStream } from './lib/logger';
import type { Clock } from './lib/time';
import type { ServiceOverrides } from './services';

export type { Config } from './lib/config';

export interface StartOptions {
  /** 0 = an ephemeral port (tests). Default: PORT or 8080. */
  port?: number;
  host?: string;
  dataDir?: string;
  /** PostgreSQL URL; '' = SQLite in dataDir. Default: DATABASE_URL. */
  databaseUrl?: string;
  redisUrl?: string;
  /** Prefix of this server's Redis keys (tests give each server its own). */
  redisPrefix?: string;
  smtpUrl?: string;
  adminAccount?: string;
  adminPassword?: string;
  webDistDir?: string;
  publicUrl?: string;
  /** pino level, or 'silent'. */
  logLevel?: string;
  /** Log lines go here instead of stdout (tests that check what is logged). */
  logStream?: LogStream;
  /** Lower argon2 cost: for tests only. */
  fastPasswordHashing?: boolean;
  rateLimits?: Partial<Record<RateLimitPreset, RateLimitRule>>;
  seedDemo?: boolean;
  /** With seedDemo: also the demo study plan, course and posts (tests that count those turn it off). */
  seedDemoCommunity?: boolean;
  /** The clock of session, e-mail code and rate-limit expiry (tests move one forward). */
  clock?: Clock;
  /** Environment to read the rest from (OAuth settings …). Default: process.env. */
  env?: NodeJS.ProcessEnv;
  /** Further overrides of the parsed configuration (OAuth provider URLs in tests …). */
  configure?: (config: Config) => void;
  /** Tests only: parts a test stands in for, given to the constructors (services.ts `ServiceOverrides`). */
  replace?: ServiceOverrides;
}

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  config: Config;
  /** The boss login when it was created on this start (password generated when not configured). */
  adminLogin: { account: string; password: string; generated: boolean } | null;
  startupMs: number;
  /** Database statements run since start (query-count tests). */
  queryCount(): number;
  /** The running services (tests emit domain events on `ctx.bus`, link fake hooks, drain `ctx.outbox`, plug search sources). */
  ctx: AppContext;
  close(): Promise<void>;
}

/** Starts the whole server: used by `main.ts`, by the integration tests and by the browser tests. */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const t0 = performance.now();
  const config = loadConfig(options.env ?? process.env);
  if (options.port !== undefined) config.port = options.port;
  if (options.host !== undefined) config.host = options.host;
  if (options.dataDir !== undefined) config.dataDir = resolve(options.dataDir);
  if (options.databaseUrl !== undefined) config.databaseUrl = options.databaseUrl;
  if (options.redisUrl !== undefined) config.redisUrl = options.redisUrl;
  if (options.smtpUrl !== undefined) config.smtpUrl = options.smtpUrl;
  if (options.adminAccount !== undefined) config.adminAccount = options.adminAccount;
  if (options.adminPassword !== undefined) config.adminPassword = options.adminPassword;
  if (options.webDistDir !== undefined) config.webDistDir = resolve(options.webDistDir);
  if (options.logLevel !== undefined) config.logLevel = options.logLevel;
  if (options.seedDemo !== undefined) config.seedDemo = options.seedDemo;
  if (options.seedDemoCommunity !== undefined) config.seedDemoCommunity = options.seedDemoCommunity;
  if (options.clock) config.clock = options.clock;
  config.argon2 = options.fastPasswordHashing ? { memoryCost: 1024, timeCost: 1 } : { ...ARGON2_PRODUCTION };
  config.rateLimits = { ...DEFAULT_RATE_LIMITS, ...options.rateLimits };
  // Servers sharing one Redis under different prefixes (the tests) must not take each other's jobs.
  if (options.redisPrefix)
    config.judgeQueue = `${config.judgeQueue}-${options.redisPrefix.replace(/[^\w-]/g, '')}`;
  options.configure?.(config);

  const built = await buildApp(config, {
    redisPrefix: options.redisPrefix,
    logStream: options.logStream,
    replace: options.replace,
  });
  const address = await built.app.listen({ port: config.port, host: config.host });
  const port = Number(new URL(address).port);
  const url = `http://${config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host}:${port}`;
  if (options.publicUrl !== undefined) config.publicUrl = options.publicUrl.replace(/\/+$/, '');
  else if (!(options.env ?? process.env).OJ_PUBLIC_URL) config.publicUrl = url;
  return {
    url,
    port,
    dataDir: config.dataDir,
    config,
    adminLogin: built.seeded.adminLogin,
    startupMs: performance.now() - t0,
    queryCount: () => built.ctx.db.queryCount(),
    ctx: built.ctx,
    close: built.close,
  };
}
