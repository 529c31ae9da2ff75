import { envelope } from '@oj/shared';
import { sql } from 'kysely';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { AppError } from '../../lib/errors';
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
    app.get('/metrics', { schema: { hide: true } }, async (_req, reply) => {
      reply.type('text/plain; version=0.0.4; charset=utf-8');
      return ctx.metrics.render();
    });
  },
};
