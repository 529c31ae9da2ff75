import { join } from 'node:path';
import { loadConfig } from '../lib/config';
import { backup, BackupError, restore } from './backup';

/**
 * `npm run backup [-- <dir>]`: backs up OJ_DATA_DIR and the database (DATABASE_URL, or SQLite in
 * the data dir) into <dir>, default `backups/oj-<UTC time>`; safe while the server runs.
 * `npm run restore -- <dir>`: brings a backup back into an empty OJ_DATA_DIR (and, for a
 * PostgreSQL backup, the empty database of DATABASE_URL).
 */
async function main(): Promise<void> {
  const [command, dir] = process.argv.slice(2);
  const config = loadConfig();
  const place = { dataDir: config.dataDir, databaseUrl: config.databaseUrl };
  if (command === 'backup') {
    const stamp = new Date()
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d+Z$/, 'Z');
    const target = dir ?? join('backups', `oj-${stamp}`);
    const manifest = await backup(place, target);
    process.stdout.write(`备份完成：${target}（数据库 ${manifest.database}，数据目录 ${place.dataDir}）\n`);
    return;
  }
  if (command === 'restore' && dir) {
    const manifest = await restore(dir, place);
    process.stdout.write(
      `恢复完成：${dir} → 数据目录 ${place.dataDir}（数据库 ${manifest.database}，备份于 ${manifest.createdAt}）\n`,
    );
    return;
  }
  process.stderr.write('用法：npm run backup [-- <备份目录>]；npm run restore -- <备份目录>\n');
  process.exit(2);
}

main().catch((err: unknown) => {
  process.stderr.write(
    `${err instanceof BackupError ? err.message : err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
});
