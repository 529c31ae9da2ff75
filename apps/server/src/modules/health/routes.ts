import { envelope, Role } from '@oj/shared';
import type { QueryExecutorProvider } from 'kysely';
import { z } from 'zod';
import type { DialectName } from '../../db/kysely';
import { ok } from '../../lib/envelope';
import { bearerToken, requireRole, sameSecret } from '../../lib/auth';
import { METRICS_SECURITY } from '../../lib/openapi';
import { AppError, notLoggedIn } from '../../lib/errors';
import type { Config } from '../../lib/config';
import type { Metrics } from '../../lib/metrics';
import type { SessionsService } from '../auth';
import type { AppModule } from '../registry';
import { ping } from './repo';

/** What the routes use. */
export interface HealthRouteDeps {
  /** The database's dialect, and what runs the check's one statement (repo.ts: no table is read). */
  db: { dialect: DialectName; db: QueryExecutorProvider };
  sessions: Pick<SessionsService, 'backend'>;
  config: Pick<Config, 'metricsToken'>;
  metrics: Pick<Metrics, 'render'>;
}

/** Liveness with a database round trip, and Prometheus metrics. */
export const healthModule: AppModule<HealthRouteDeps> = {
  name: 'health',
  async routes(app, { db, sessions, config, metrics }) {
    app.get(
      '/api/health',
      {
        schema: {
          tags: ['health'],
          summary: '健康检查',
          response: {
            200: envelope(z.object({ status: z.string(), database: z.string(), sessions: z.string() })),
          },
        },
      },
      async () => {
        try {
          await ping(db.db);
        } catch {
          throw new AppError(50300, '数据库不可用');
        }
        return ok({ status: 'ok', database: db.dialect, sessions: sessions.backend });
      },
    );
    // Per-route counts, memory and queue depth tell an attacker too much: an admin session, or the
    // bearer token a Prometheus scraper is configured with (OJ_METRICS_TOKEN).
    app.get(
      '/metrics',
      {
        schema: {
          tags: ['health'],
          summary: 'Prometheus 指标（管理员会话，或 Bearer OJ_METRICS_TOKEN）',
          security: METRICS_SECURITY,
        },
      },
      async (req, reply) => {
        const scraper = sameSecret(bearerToken(req), config.metricsToken);
        if (!scraper) {
          if (req.viewer.role === Role.NotLogin && bearerToken(req)) throw notLoggedIn('监控令牌无效');
          await requireRole(Role.Admin)(req, reply);
        }
        reply.type('text/plain; version=0.0.4; charset=utf-8');
        return metrics.render();
      },
    );
  },
};
