import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { UPLOAD_LIMITS } from '@oj/shared';
import Fastify, { LogController } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { join } from 'node:path';
import { z } from 'zod';
import type { AppContext } from './context';
import { openDatabase } from './db/kysely';
import { migrate } from './db/migrate';
import type { Config } from './lib/config';
import { installErrorHandler } from './lib/error-handler';
import { loggerOptions } from './lib/logger';
import { Metrics } from './lib/metrics';
import { MemoryRateLimitStore, RateLimiter, RedisRateLimitStore } from './lib/rate-limit';
import { createCodesService } from './modules/auth/codes';
import { viewerHook } from './modules/auth/cookie';
import { createSessionsService } from './modules/auth/sessions';
import { createFilesService } from './modules/files/service';
import { LocalStorage } from './modules/files/storage';
import { MODULES } from './modules';
import { loadOrCreateKeys } from './modules/keys/service';
import { createMailer } from './modules/mail/service';
import { createOAuthService } from './modules/oauth/service';
import { createPicturesService } from './modules/pictures/service';
import { ensureBuiltinFiles, seed, type SeedResult } from './modules/seed/seed';
import { createUsersService } from './modules/users/service';

// Validation messages of zod in Chinese; ours name the field explicitly.
z.config(z.locales.zhCN());

export interface BuiltApp {
  app: ReturnType<typeof Fastify>;
  ctx: AppContext;
  seeded: SeedResult;
  close(): Promise<void>;
}

/**
 * The composition root: opens the database (migrating it), builds every service once, registers
 * the plugins and every module's routes, and seeds first-start content.
 */
export async function buildApp(
  config: Config,
  opts: { redisPrefix?: string; logger?: boolean } = {},
): Promise<BuiltApp> {
  const app = Fastify({
    logger: opts.logger === false ? false : loggerOptions(config.logLevel),
    // One line per request only when debugging: at info level they would drown everything else.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
    trustProxy: process.env.OJ_TRUST_PROXY === '1',
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);

  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onConnectionError: (err) => app.log.warn({ err }, 'database connection lost'),
  });
  await migrate(db.db as never, db.dialect);

  // Loaded only when configured, like the PostgreSQL driver.
  const redis = config.redisUrl
    ? new (await import('ioredis')).Redis(config.redisUrl, { maxRetriesPerRequest: 2 })
    : null;
  const limiter = new RateLimiter(
    redis ? new RedisRateLimitStore(redis, opts.redisPrefix ?? 'oj:') : new MemoryRateLimitStore(),
    config.rateLimits,
  );
  const metrics = new Metrics();
  const keys = loadOrCreateKeys(config.dataDir);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    dataDir: config.dataDir,
    from: config.mailFrom,
    log: app.log,
  });
  const sessions = createSessionsService({
    db: db.db,
    ttlMs: config.sessionTtlMs,
    redis,
    redisPrefix: opts.redisPrefix,
  });
  const codes = createCodesService(db.db, mailer, config.emailCodeTtlMs);
  const users = createUsersService({ db: db.db, sessions, argon2: config.argon2 });
  const files = createFilesService(db.db, new LocalStorage(join(config.dataDir, 'files')));
  const defaults = { avatar: '', background: '' };
  const pictures = createPicturesService({ db: db.db, users, defaultBackground: () => defaults.background });
  const oauth = createOAuthService({ db: db.db, users, config });
  const ctx: AppContext = {
    config,
    db,
    log: app.log,
    metrics,
    limiter,
    keys,
    mailer,
    sessions,
    codes,
    users,
    files,
    pictures,
    oauth,
    defaults,
  };

  const builtins = await ensureBuiltinFiles(ctx);
  Object.assign(defaults, builtins.defaults);
  const seeded = await seed(ctx, builtins.backgrounds);
  await sessions.purgeExpired();

  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, {
    limits: { fileSize: UPLOAD_LIMITS.background, files: 1, fields: 10 },
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: '在线评测 API',
        description: '所有响应都是 {code, message, data}；code 为 0 表示成功。',
        version: '0.1.0',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  app.decorateRequest('viewer');
  app.addHook('onRequest', viewerHook(ctx));
  // API answers depend on the session: never cached. Files and site assets set their own caching.
  // Framing stays allowed: SPEC §2 embeds the site in frames.
  app.addHook('onSend', async (req, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    if (
      req.url.startsWith('/api/') &&
      !req.url.startsWith('/api/files/') &&
      !req.url.startsWith('/api/docs') &&
      !reply.hasHeader('Cache-Control')
    ) {
      reply.header('Cache-Control', 'no-store');
    }
  });
  app.addHook('onResponse', async (req, reply) => {
    metrics.observeRequest(
      req.method,
      req.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });

  for (const mod of MODULES) await mod.routes(app, ctx);

  const cleanup = setInterval(() => void sessions.purgeExpired().catch(() => {}), 3600_000).unref();
  return {
    app: app as unknown as ReturnType<typeof Fastify>,
    ctx,
    seeded,
    async close() {
      clearInterval(cleanup);
      await app.close();
      await limiter.close();
      mailer.close();
      if (redis) redis.disconnect();
      await db.close();
    },
  };
}
