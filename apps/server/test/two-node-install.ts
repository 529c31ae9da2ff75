import { afterAll, beforeAll } from 'vitest';
import type { RunningServer, StartOptions } from '../src/index';
import { startSecondNode, startTestServer, type TestServer } from './helpers';

const databaseUrl = process.env.TEST_DATABASE_URL?.trim();
const redisUrl = process.env.TEST_REDIS_URL?.trim();

/** Two nodes of one install need PostgreSQL and Redis (`describe.skipIf(!TWO_NODES)`). */
export const TWO_NODES = Boolean(databaseUrl && redisUrl);

/**
 * Node A (a test server, which judges) and node B (same database and Redis, no judge) of one
 * install, started before the enclosing describe's tests and closed after them. Read `a` and `b`
 * inside a test, once they are started.
 */
export function twoNodeInstall(options: StartOptions = {}): { a: TestServer; b: RunningServer } {
  const nodes = {} as { a: TestServer; b: RunningServer };
  beforeAll(async () => {
    nodes.a = await startTestServer({ name: 'postgres+redis', databaseUrl, redisUrl }, options);
    nodes.b = await startSecondNode(nodes.a, redisUrl!);
  }, 60_000);
  afterAll(async () => {
    await nodes.b?.close();
    await nodes.a?.close();
  });
  return nodes;
}
