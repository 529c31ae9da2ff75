import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningServer, type StartOptions, startServer } from '../src/index';
import type { Backend, TestServer } from './helpers';

/**
 * A second node of the install `ts` runs: the same database (the same SQLite file, or the same
 * PostgreSQL database) and the same Redis key prefix, its own port. It seeds nothing (the first
 * node did). `close` stops it and removes its own folder (PostgreSQL: a folder of its own).
 */
export async function secondNode(
  ts: TestServer,
  backend: Backend,
  options: StartOptions = {},
): Promise<RunningServer & { close(): Promise<void> }> {
  const own = backend.databaseUrl ? mkdtempSync(join(tmpdir(), 'oj-node-b-')) : null;
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir: own ?? ts.dataDir,
    databaseUrl: ts.databaseUrl,
    redisUrl: backend.redisUrl ?? '',
    redisPrefix: ts.redisPrefix,
    smtpUrl: '',
    adminAccount: ts.admin.account,
    adminPassword: ts.admin.password,
    webDistDir: join(ts.dataDir, 'no-web-dist'),
    logLevel: 'silent',
    fastPasswordHashing: true,
    seedDemo: false,
    env: {},
    ...options,
  });
  return {
    ...server,
    async close() {
      await server.close();
      if (own) rmSync(own, { recursive: true, force: true });
    },
  };
}
