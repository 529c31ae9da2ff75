import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../test/helpers';
import { shutDown } from '../../lib/shutdown';
import { RECONNECT_EVENT, RECONNECT_MS } from '../../lib/sse';

describe.each(backends())('liveness and readiness ($name)', (backend) => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer(backend);
  });
  afterAll(() => ts?.close());

  it('answers live and ready on a running node', async () => {
    const live = await ts.client().get<{ status: string }>('/api/health/live');
    expect(live.status).toBe(200);
    expect(live.data).toEqual({ status: 'live' });
    const ready = await ts.client().get<{ status: string }>('/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.data).toEqual({ status: 'ready' });
  });

  it('is not ready while a migration of this code is not applied (another node migrating)', async () => {
    const { db } = ts.server.ctx.db;
    const [last] = (
      await sql<{
        name: string;
        timestamp: string;
      }>`select name, timestamp from kysely_migration order by name desc limit 1`.execute(db)
    ).rows;
    await sql`delete from kysely_migration where name = ${last.name}`.execute(db);
    try {
      const ready = await ts.client().get('/api/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.message).toBe('数据库迁移尚未完成');
      expect((await ts.client().get('/api/health/live')).status).toBe(200);
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${last.name}, ${last.timestamp})`.execute(
        db,
      );
    }
    expect((await ts.client().get('/api/health/ready')).status).toBe(200);
  });
});

// PostgreSQL only: a SQLite file cannot become unreachable under a running process.
describe.each(backends().filter((b) => b.databaseUrl))(
  'readiness without the database ($name)',
  (backend) => {
    it('fails readiness while the database refuses connections, stays live, and is ready again after', async () => {
      const ts = await startTestServer(backend);
      const name = new URL(ts.databaseUrl).pathname.slice(1);
      const admin = new pg.Client({ connectionString: backend.databaseUrl });
      await admin.connect();
      try {
        expect((await ts.client().get('/api/health/ready')).status).toBe(200);
        await admin.query(`alter database ${name} allow_connections false`);
        await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [
          name,
        ]);
        const ready = await ts.client().get('/api/health/ready');
        expect(ready.status).toBe(503);
        expect(ready.message).toBe('数据库不可用');
        expect((await ts.client().get('/api/health/live')).status).toBe(200);
        await admin.query(`alter database ${name} allow_connections true`);
        await expect
          .poll(async () => (await ts.client().get('/api/health/ready')).status, { timeout: 10_000 })
          .toBe(200);
      } finally {
        await admin.query(`alter database ${name} allow_connections true`);
        await admin.end();
        await ts.close();
      }
    });
  },
);

describe.each(backends())('graceful shutdown ($name)', (backend) => {
  it('fails readiness at once, ends live streams with a reconnect hint, keeps serving until drained, then closes', async () => {
    const ts = await startTestServer(backend);
    let closed = false;
    try {
      const { client } = await ts.register('bye_user');
      const res = await fetch(`${ts.url}/api/notifications/stream`, {
        headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
      expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let text = '';
      // The stream is open once its first value (the unread count) arrived.
      while (!text.includes('event: unread')) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended early: ${text}`);
        text += decoder.decode(value, { stream: true });
      }
      expect(text.startsWith(`retry: ${RECONNECT_MS}\n\n`)).toBe(true);

      let drained!: () => void;
      const gate = new Promise<void>((r) => (drained = r));
      const stopping = shutDown({ ctx: ts.server.ctx, close: () => ts.close() }, { drained: () => gate });

      // The stream ends with the reconnect hint.
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
      expect(text).toMatch(
        new RegExp(
          `retry: ${RECONNECT_MS}\\nevent: ${RECONNECT_EVENT}\\ndata: \\{"reason":"shutdown"\\}\\n\\n$`,
        ),
      );

      // Draining: not ready, still live, still serving.
      const ready = await ts.client().get('/api/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.code).toBe(50300);
      expect(ready.message).toBe('服务正在关闭');
      expect((await ts.client().get('/api/health/live')).status).toBe(200);
      expect((await ts.client().get('/api/health')).status).toBe(200);

      drained();
      await stopping;
      closed = true;
      await expect(fetch(`${ts.url}/api/health/live`)).rejects.toThrow();
    } finally {
      if (!closed) await ts.close();
    }
  });
});
