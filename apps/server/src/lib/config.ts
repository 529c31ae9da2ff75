import { resolve } from 'node:path';

/** Everything the server reads from the environment, parsed once (README "Configuration"). */
export interface OAuthClientConfig {
  clientId: string;
  clientSecret: string;
  /** Where the browser is sent to authorize (overridable so tests point it at a fake provider). */
  baseUrl: string;
  /** API host for the user-info call (GitHub uses a separate host; QQ the same one). */
  apiUrl: string;
}

export interface RateLimitRule {
  max: number;
  windowMs: number;
}

export type RateLimitPreset =
  'login' | 'register' | 'emailPerAddress' | 'emailPerIp' | 'upload' | 'search' | 'submit';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string;
  redisUrl: string;
  smtpUrl: string;
  /** Sender address of the mails. */
  mailFrom: string;
  adminAccount: string;
  adminPassword: string;
  publicUrl: string;
  webDistDir: string;
  logLevel: string;
  github: OAuthClientConfig;
  qq: OAuthClientConfig;
  /** argon2id cost; tests lower it through `startServer` options, production keeps the defaults. */
  argon2: { memoryCost: number; timeCost: number };
  sessionTtlMs: number;
  /** E-mail codes are valid 10 minutes (tests shorten it). */
  emailCodeTtlMs: number;
  rateLimits: Record<RateLimitPreset, RateLimitRule>;
  /** Seed demo users and built-in pictures on first start. */
  seedDemo: boolean;
  /** Bearer token remote judge workers send to fetch test data; '' = remote fetching refused. */
  judgeToken: string;
  /** BullMQ queue name (Redis backend); remote workers must use the same. */
  judgeQueue: string;
  /** Judge workers inside the server process; undefined = one per core, 0 = remote workers only. */
  judgeWorkers: number | undefined;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const DEFAULT_RATE_LIMITS: Record<RateLimitPreset, RateLimitRule> = {
  login: { max: 10, windowMs: MINUTE },
  register: { max: 10, windowMs: HOUR },
  emailPerAddress: { max: 1, windowMs: MINUTE },
  emailPerIp: { max: 10, windowMs: HOUR },
  upload: { max: 30, windowMs: MINUTE },
  search: { max: 60, windowMs: MINUTE },
  // Per user, submissions and custom tests together: judging is the expensive resource.
  submit: { max: 20, windowMs: MINUTE },
};

export const ARGON2_PRODUCTION = { memoryCost: 19 * 1024, timeCost: 2 } as const;

export function loadConfig(env: NodeJS.ProcessEnv = process.env, root = process.cwd()): Config {
  const str = (name: string, fallback = '') => (env[name] ?? '').trim() || fallback;
  const port = Number(str('PORT', '8080'));
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT 无效: ${env.PORT}`);
  const publicUrl = str('OJ_PUBLIC_URL', `http://localhost:${port}`).replace(/\/+$/, '');
  return {
    port,
    host: str('HOST', '0.0.0.0'),
    dataDir: resolve(root, str('OJ_DATA_DIR', './data')),
    databaseUrl: str('DATABASE_URL'),
    redisUrl: str('REDIS_URL'),
    smtpUrl: str('SMTP_URL'),
    mailFrom: str('OJ_MAIL_FROM', 'OJ <no-reply@oj.localhost>'),
    adminAccount: str('OJ_ADMIN_ACCOUNT'),
    adminPassword: str('OJ_ADMIN_PASSWORD'),
    publicUrl,
    webDistDir: resolve(root, str('OJ_WEB_DIST', 'apps/web/dist')),
    logLevel: str('LOG_LEVEL', 'info'),
    github: {
      clientId: str('OJ_GITHUB_CLIENT_ID'),
      clientSecret: str('OJ_GITHUB_CLIENT_SECRET'),
      baseUrl: str('OJ_GITHUB_BASE_URL', 'https://github.com').replace(/\/+$/, ''),
      apiUrl: str('OJ_GITHUB_API_URL', 'https://api.github.com').replace(/\/+$/, ''),
    },
    qq: {
      clientId: str('OJ_QQ_APP_ID'),
      clientSecret: str('OJ_QQ_APP_KEY'),
      baseUrl: str('OJ_QQ_BASE_URL', 'https://graph.qq.com').replace(/\/+$/, ''),
      apiUrl: str('OJ_QQ_BASE_URL', 'https://graph.qq.com').replace(/\/+$/, ''),
    },
    argon2: { ...ARGON2_PRODUCTION },
    sessionTtlMs: 7 * 24 * HOUR,
    emailCodeTtlMs: 10 * MINUTE,
    rateLimits: { ...DEFAULT_RATE_LIMITS },
    seedDemo: str('OJ_SEED_DEMO', '1') !== '0',
    judgeToken: str('OJ_JUDGE_TOKEN'),
    judgeQueue: str('OJ_JUDGE_QUEUE', 'oj-judge'),
    judgeWorkers: /^\d+$/.test(str('OJ_JUDGE_WORKERS')) ? Number(str('OJ_JUDGE_WORKERS')) : undefined,
  };
}
