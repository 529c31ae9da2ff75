import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { UPLOAD_LIMITS } from '@oj/shared';
import Fastify, { type FastifyServerOptions, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from './context';
import { openDatabase } from './db/kysely';
import { migrate } from './db/migrate';
import type { Config } from './lib/config';
import { guardsBeforeBody } from './lib/auth';
import { BODY_LIMITS } from './lib/body-limits';
import { answerClientError, refuseExpectation } from './lib/client-errors';
import { csrfGuard } from './lib/csrf';
import { answerFrameworkError, installErrorHandler } from './lib/error-handler';
import { installJsonBodyParser } from './lib/json-body';
import { loggerOptions, type LogStream } from './lib/logger';
import { refuseOutOfRangeNumbers } from './lib/number-guard';
import { openapiOptions } from './lib/openapi';
import { securityHeaders } from './lib/security-headers';
import { refuseControlChars } from './lib/text-guard';
import { MODULES } from './modules';
import { SESSION_COOKIE, viewerHook } from './modules/auth';
import { examGuard } from './modules/competitions';
import { ensureBuiltinFiles, seed, type SeedResult } from './modules/seed';
import { buildServices, type ServiceOverrides } from './services';

// Validation messages of zod in Chinese; ours name the field explicitly.
z.config(z.locales.zhCN());

/**
 * zod validates and serializes every route (setValidatorCompiler / setSerializerCompiler in
 * buildApp). Handed to Fastify as its compiler factories too, the same thing those calls install,
 * so that it never loads its own ajv and fast-json-stringify compilers: ~2.5 MB of heap an idle
 * server would hold (issue 28). Fastify types the factories for ajv, hence the cast.
 */
const ZOD_COMPILERS = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as NonNullable<FastifyServerOptions['schemaController']>['compilersFactory'];

export interface BuiltApp {
  app: ReturnType<typeof Fastify>;
  ctx: AppContext;
  seeded: SeedResult;
  close(): Promise<void>;
}

/**
 * Builds the server: opens the database (migrating it), builds every service once (services.ts, the
 * composition root), registers the plugins and every module's routes, and seeds first-start content.
 */
export async function buildApp(
  config: Config,
  opts: {
    redisPrefix?: string;
    logger?: boolean;
    logStream?: LogStream;
    replace?: ServiceOverrides;
  } = {},
): Promise<BuiltApp> {
  const app = Fastify({
    logger: opts.logger === false ? false : loggerOptions(config.logLevel, opts.logStream),
    // One line per request only when debugging: at info level they would drown everything else.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
    // A hop count: the first `n` hops (our proxies) are believed, the client is the next one.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
    bodyLimit: BODY_LIMITS.default,
    schemaController: { compilersFactory: ZOD_COMPILERS },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  installJsonBodyParser(app);
  app.server.on('checkExpectation', refuseExpectation);

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
  const services = await buildServices(
    config,
    { db, log: app.log, redis, redisPrefix: opts.redisPrefix ?? 'oj:' },
    opts.replace,
  );
  const { ctx } = services;
  const { sessions, metrics } = ctx;

  const builtins = await ensureBuiltinFiles(ctx);
  Object.assign(ctx.defaults, builtins.defaults);
  const seeded = await seed(ctx, builtins.backgrounds);
  await sessions.purgeExpired();

  await app.register(fastifyCookie);
  // API answers of 1 KiB and more go gzip'd when the client accepts it (problem statements, lists:
  // 4–10× smaller). Streams (SSE) hijack the reply and are never buffered here; the built sites are
  // served precompressed by the sites module instead. Brotli is left to those precompressed files:
  // at a quality worth having it costs more CPU per answer than gzip. Level 1: a homework matrix
  // of 200 × 30 (about 1 MB of JSON) costs ~10 ms to compress there, a tenth of it on the wire.
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['gzip', 'deflate'],
    zlibOptions: { level: 1 },
  });
  await app.register(fastifyMultipart, {
    limits: { fileSize: UPLOAD_LIMITS.background, files: 1, fields: 10 },
  });
  // Security schemes and each operation's `security` from its guard: lib/openapi.ts.
  await app.register(fastifySwagger, openapiOptions(SESSION_COOKIE));
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  app.decorateRequest('viewer');
  app.addHook('onRoute', guardsBeforeBody);
  app.addHook('onRequest', csrfGuard(config));
  app.addHook('onRequest', viewerHook(ctx));
  app.addHook('preValidation', refuseControlChars);
  app.addHook('preValidation', examGuard({ ...ctx.competitions.exam, log: app.log }));
  app.addHook('preHandler', refuseOutOfRangeNumbers);
  app.addHook('onSend', securityHeaders(config));
  app.addHook('onResponse', async (req, reply) => {
    metrics.observeRequest(
      req.method,
      req.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });

  for (const mod of MODULES) await mod.routes(app, ctx);
  // Live streams would keep the server from closing; judging finishes and is stored first.
  app.addHook('preClose', async () => {
    for (const end of [...ctx.openStreams]) end();
  });
  app.addHook('onClose', () => services.stop());
  await services.start();

  const cleanup = setInterval(() => void sessions.purgeExpired().catch(() => {}), 3600_000).unref();
  return {
    app: app as unknown as ReturnType<typeof Fastify>,
    ctx,
    seeded,
    async close() {
      clearInterval(cleanup);
      await app.close();
      if (redis) redis.disconnect();
      await db.close();
    },
  };
}
