import { envelope, Role } from '@oj/shared';
import { sql } from 'kysely';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { bearerToken, requireRole, sameSecret } from '../../lib/auth';
import { METRICS_SECURITY } from '../../lib/openapi';
import { AppError, notLoggedIn } from '../../lib/errors';
import type { AppModule } from '../registry';

/** Liveness with a database round trip, and Prometheus metrics. */
export const healthModule: AppModule = {
  name: 'health',
  async routes(app, ctx) {
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
          await sql`select 1`.execute(ctx.db.db);
        } catch {
          throw new AppError(50300, '数据库不可用');
        }
        return ok({ status: 'ok', database: ctx.db.dialect, sessions: ctx.sessions.backend });
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
        const scraper = sameSecret(bearerToken(req), ctx.config.metricsToken);
        if (!scraper) {
          if (req.viewer.role === Role.NotLogin && bearerToken(req)) throw notLoggedIn('监控令牌无效');
          await requireRole(Role.Admin)(req, reply);
        }
        reply.type('text/plain; version=0.0.4; charset=utf-8');
        return ctx.metrics.render();
      },
    );
  },
};
