// Shared by the server benchmarks that write their data set straight into the tables (in lib/, so
// the bench runner does not run it alone).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer } from '../../src/index';

export const BENCH_ADMIN = { account: 'boss', password: 'bench-password' };

/**
 * The server in this process on a fresh SQLite database with the demo problems (no web build, no
 * mail, no Redis); `close` stops it and removes its data directory.
 */
export async function inProcessServer(
  name: string,
): Promise<{ server: RunningServer; close(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), `oj-${name}-bench-`));
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: '',
    redisUrl: '',
    smtpUrl: '',
    adminAccount: BENCH_ADMIN.account,
    adminPassword: BENCH_ADMIN.password,
    webDistDir: join(dataDir, 'no-web'),
    logLevel: 'silent',
    fastPasswordHashing: true,
    seedDemo: true,
    seedDemoCommunity: false,
    env: {},
  });
  return {
    server,
    async close() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
