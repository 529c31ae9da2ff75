import { resolve } from 'node:path';
import { systemClock, type Clock } from './time';

/** Everything the server reads from the environment, parsed once (README "Configuration"). */
export interface OAuthClientConfig {
  clientId: string;
  clientSecret: string;
  /** Where the browser is sent to authorize (overridable so tests point it at a fake provider). */
  baseUrl: string;
  /** API host for the user-info call (GitHub uses a separate host; QQ the same one). */
  apiUrl: string;
}

/** 蓝兔支付 (OJ_PAY_PROVIDER=lantu) or the local sandbox checkout (the default). */
export interface PaymentConfig {
  provider: 'sandbox' | 'lantu';
  mchId: string;
  key: string;
  /** The provider's API address (tests point it at a fake provider). */
  baseUrl: string;
}

export interface RateLimitRule {
  max: number;
  windowMs: number;
}

export type RateLimitPreset =
  | 'login'
  | 'register'
  | 'emailPerAddress'
  | 'emailPerIp'
  | 'upload'
  | 'search'
  | 'submit'
  | 'report'
  | 'post'
  | 'comment'
  | 'notify';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string;
  redisUrl: string;
  smtpUrl: string;
  /** Sender address of the mails. */
  mailFrom: string;
  /** The site's name in what leaves the server (the mails' subject), OJ_SITE_NAME; the sites show 字节OJ. */
  siteName: string;
  adminAccount: string;
  adminPassword: string;
  publicUrl: string;
  /** OJ_STORAGE_URL: '' = files on the local disk under dataDir; `s3://bucket/prefix?endpoint=…` = S3 (docs/storage.md). */
  storageUrl: string;
  /** OJ_STORAGE_ACCESS_KEY_ID / OJ_STORAGE_SECRET_ACCESS_KEY, else AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY. */
  storageCredentials: { accessKeyId: string; secretAccessKey: string } | null;
  webDistDir: string;
  logLevel: string;
  github: OAuthClientConfig;
  qq: OAuthClientConfig;
  /** argon2id cost; tests lower it through `startServer` options, production keeps the defaults. */
  argon2: { memoryCost: number; timeCost: number };
  sessionTtlMs: number;
  /** E-mail codes are valid 10 minutes (tests shorten it). */
  emailCodeTtlMs: number;
  /** Decides session, e-mail code and rate-limit expiry: the system clock, or a test's own. */
  clock: Clock;
  rateLimits: Record<RateLimitPreset, RateLimitRule>;
  /** Seed demo users and built-in pictures on first start. */
  seedDemo: boolean;
  /** With seedDemo: the demo study plan, paid course and posts too (on while they are empty). */
  seedDemoCommunity: boolean;
  /** Bearer token remote judge workers send to fetch test data; '' = remote fetching refused. */
  judgeToken: string;
  /** BullMQ queue name (Redis backend); remote workers must use the same. */
  judgeQueue: string;
  /** OJ_NODE_NAME: this node's name as a lease holder; '' = its host and data dir (lib/node-state.ts). */
  nodeName: string;
  /** Judge workers inside the server process; undefined = one per core, 0 = remote workers only. */
  judgeWorkers: number | undefined;
  /** `OJ_LANGUAGES`: the languages enabled beyond the six (names, `all`); modules/languages parses it. */
  languages: string;
  payment: PaymentConfig;
  /** Bearer token for `/metrics` (a Prometheus scraper); '' = only an admin session may read them. */
  metricsToken: string;
  /** Course and solution videos (modules/courses/video.ts). */
  video: VideoConfig;
  /**
   * Which reverse proxies' X-Forwarded-* headers are believed (Fastify's `trustProxy`): false = none;
   * a number = that many proxies in front (the client is the address the outermost one appended);
   * a string = the proxies' addresses or CIDR ranges. Never "every hop": the left-most
   * X-Forwarded-For entry is the client's own claim, and rate limits keyed on it could be dodged.
   */
  trustProxy: boolean | number | string;
}

/** `OJ_TRUST_PROXY`: 0 (default), a number of proxy hops (1 behind one nginx), or proxy addresses. */
export function parseTrustProxy(raw: string): boolean | number | string {
  const v = raw.trim();
  if (v === '' || v === '0' || v === 'false') return false;
  if (/^\d+$/.test(v)) return Number(v);
  if (v === 'true')
    throw new Error(
      'OJ_TRUST_PROXY=true 会相信客户端伪造的 X-Forwarded-For：请写代理的层数（如 1）或代理的地址',
    );
  return v;
}

export interface VideoConfig {
  /** HMAC key of the signed play URLs; '' = a key made once under <dataDir>/keys. */
  urlKey: string;
  /** Set (both) to answer SPEC's `aliyun/vod` with a GetVideoPlayAuth play auth. */
  aliyun: { accessKeyId: string; accessKeySecret: string; endpoint: string } | null;
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
  // Per user: forum posts (new and edited) and comments.
  post: { max: 10, windowMs: MINUTE },
  comment: { max: 30, windowMs: MINUTE },
  // Per user: reports of posts and comments.
  report: { max: 10, windowMs: 10 * MINUTE },
  // Per sender address: refused payment notifies (bad signature, unknown order …). The provider's
  // verified notifies never count; a forger gets this many recorded, then 429.
  notify: { max: 10, windowMs: 10 * MINUTE },
};

export const ARGON2_PRODUCTION = { memoryCost: 19 * 1024, timeCost: 2 } as const;

function storageCredentials(str: (name: string) => string): Config['storageCredentials'] {
  const accessKeyId = str('OJ_STORAGE_ACCESS_KEY_ID') || str('AWS_ACCESS_KEY_ID');
  const secretAccessKey = str('OJ_STORAGE_SECRET_ACCESS_KEY') || str('AWS_SECRET_ACCESS_KEY');
  return accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : null;
}

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
    siteName: str('OJ_SITE_NAME', '字节OJ'),
    adminAccount: str('OJ_ADMIN_ACCOUNT'),
    adminPassword: str('OJ_ADMIN_PASSWORD'),
    publicUrl,
    storageUrl: str('OJ_STORAGE_URL'),
    storageCredentials: storageCredentials(str),
    webDistDir: resolve(root, str('OJ_WEB_DIST', 'apps/web/dist')),
    logLevel: str('LOG_LEVEL', 'info'),
    trustProxy: parseTrustProxy(str('OJ_TRUST_PROXY')),
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
    clock: systemClock,
    rateLimits: { ...DEFAULT_RATE_LIMITS },
    seedDemo: str('OJ_SEED_DEMO', '1') !== '0',
    seedDemoCommunity: str('OJ_SEED_DEMO', '1') !== '0',
    judgeToken: str('OJ_JUDGE_TOKEN'),
    judgeQueue: str('OJ_JUDGE_QUEUE', 'oj-judge'),
    nodeName: str('OJ_NODE_NAME'),
    judgeWorkers: /^\d+$/.test(str('OJ_JUDGE_WORKERS')) ? Number(str('OJ_JUDGE_WORKERS')) : undefined,
    languages: str('OJ_LANGUAGES'),
    metricsToken: str('OJ_METRICS_TOKEN'),
    payment: paymentConfig(str),
    video: {
      urlKey: str('OJ_VIDEO_URL_KEY'),
      aliyun:
        str('OJ_ALIYUN_ACCESS_KEY_ID') && str('OJ_ALIYUN_ACCESS_KEY_SECRET')
          ? {
              accessKeyId: str('OJ_ALIYUN_ACCESS_KEY_ID'),
              accessKeySecret: str('OJ_ALIYUN_ACCESS_KEY_SECRET'),
              endpoint: str('OJ_ALIYUN_VOD_ENDPOINT', 'https://vod.cn-shanghai.aliyuncs.com').replace(
                /\/+$/,
                '',
              ),
            }
          : null,
    },
  };
}

function paymentConfig(str: (name: string, fallback?: string) => string): PaymentConfig {
  const provider = str('OJ_PAY_PROVIDER', 'sandbox');
  if (provider !== 'sandbox' && provider !== 'lantu')
    throw new Error(`OJ_PAY_PROVIDER 只能是 sandbox 或 lantu: ${provider}`);
  const payment: PaymentConfig = {
    provider,
    mchId: str('OJ_LTZF_MCH_ID'),
    key: str('OJ_LTZF_KEY'),
    baseUrl: str('OJ_LTZF_BASE_URL', 'https://api.ltzf.cn').replace(/\/+$/, ''),
  };
  if (provider === 'lantu' && (!payment.mchId || !payment.key))
    throw new Error('OJ_PAY_PROVIDER=lantu 需要同时设置 OJ_LTZF_MCH_ID 和 OJ_LTZF_KEY');
  return payment;
}
