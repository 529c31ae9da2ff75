import { pino } from 'pino';
import { openDatabase } from '../../db/kysely';
import { migrate } from '../../db/migrate';
import { loadConfig } from '../../lib/config';
import { buildServices } from '../../services';

/**
 * `npm run search:reindex [kind…]`: rebuilds the search index from the modules' tables (every kind,
 * or the named ones), with the server's configuration (OJ_DATA_DIR / DATABASE_URL …). Safe while
 * the server runs: each item is re-read and written as it is now.
 */
const config = loadConfig(process.env);
// This process judges nothing and talks to no other node.
config.judgeWorkers = 0;
config.redisUrl = '';
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrate(db.db as never, db.dialect);
const log = pino({ level: 'warn' });
const services = await buildServices(config, { db, log, redis: null, redisPrefix: 'oj:' });
const only = process.argv.slice(2);
const t0 = performance.now();
try {
  const counts = await services.ctx.search.reindex(only.length ? only : undefined);
  const seconds = ((performance.now() - t0) / 1000).toFixed(1);
  const list = Object.entries(counts).map(([kind, n]) => `${kind} ${n}`);
  process.stdout.write(`搜索索引已重建（${seconds} 秒）：${list.join('，')}\n`);
} catch (err) {
  process.stderr.write(`重建搜索索引失败：${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
} finally {
  await services.stop();
  await db.close();
}
