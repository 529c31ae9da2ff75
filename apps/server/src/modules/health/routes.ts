import { envelope, Role } from '@oj/shared';
import type { QueryExecutorProvider } from 'kysely';
import { z } from 'zod';
import type { DialectName } from '../../db/kysely';
import { pendingMigrations } from '../../db/migrate';
import type { NodeState } from '../../lib/node-state';
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
  /** Starting, ready or stopping (lib/node-state.ts). */
  node: Pick<NodeState, 'phase'>;
}

/** Why this node should not be sent traffic now, or null when it should (readiness). */
async function notReady(db: QueryExecutorProvider, node: Pick<NodeState, 'phase'>): Promise<string | null> {
  if (node.phase === 'stopping') return '服务正在关闭';
  if (node.phase === 'starting') return '服务正在启动';
  let pending: number;
  try {
    await ping(db);
    pending = await pendingMigrations(db);
  } catch {
    return '数据库不可用';
  }
  return pending > 0 ? '数据库迁移尚未完成' : null;
}

const PROBE = envelope(z.object({ status: z.string() }));

/**
 * Liveness (the process answers), readiness (this node should get traffic: started, not shutting
 * down, database reachable and migrated), the older health check with a database round trip, and
 * Prometheus metrics.
 */
export const healthModule: AppModule<HealthRouteDeps> = {
  name: 'health',
  async routes(app, { db, sessions, config, metrics, node }) {
    // Liveness: the process runs and its event loop answers; nothing else is asked, so a database
    // outage makes nodes unready, not restarted.
    app.get(
      '/api/health/live',
      { schema: { tags: ['health'], summary: '存活检查', response: { 200: PROBE } } },
      async () => ok({ status: 'live' }),
    );
    // Readiness: 503 while starting, while shutting down (the proxy stops sending requests before
    // the node closes), while the database is unreachable or a migration is not applied yet.
    app.get(
      '/api/health/ready',
      {
        schema: {
          tags: ['health'],
          summary: '就绪检查（启动中、关闭中、数据库不可用或迁移未完成时为 503）',
          response: { 200: PROBE, 503: envelope(z.null()) },
        },
      },
      async (_req, reply) => {
        const reason = await notReady(db.db, node);
        // Answered, not thrown: a probe polled every few seconds is no application error to log.
        if (reason) return reply.code(503).send({ code: 50300, message: reason, data: null });
        return ok({ status: 'ready' });
      },
    );
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
