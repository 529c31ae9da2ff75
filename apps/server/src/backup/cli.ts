import { join } from 'node:path';
import { loadConfig } from '../lib/config';
import { backup, BackupError, restore } from './backup';

/**
 * `npm run backup [-- <dir>]`: backs up OJ_DATA_DIR, the database (DATABASE_URL, or SQLite in
 * the data dir) and the objects of OJ_STORAGE_URL when set into <dir>, default
 * `backups/oj-<UTC time>`; safe while the server runs. `npm run restore -- <dir>`: brings a backup
 * back into an empty OJ_DATA_DIR (and, for a PostgreSQL backup, the empty database of
 * DATABASE_URL; with OJ_STORAGE_URL, the objects into that store).
 */
async function main(): Promise<void> {
  const [command, dir] = process.argv.slice(2);
  const config = loadConfig();
  const place = {
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    storageUrl: config.storageUrl,
    storageCredentials: config.storageCredentials,
  };
  if (command === 'backup') {
    const stamp = new Date()
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d+Z$/, 'Z');
    const target = dir ?? join('backups', `oj-${stamp}`);
    const manifest = await backup(place, target);
    const objects = manifest.objects === 'store' ? `，对象存储中的 ${manifest.storeObjects} 个对象` : '';
    process.stdout.write(
      `备份完成：${target}（数据库 ${manifest.database}，数据目录 ${place.dataDir}${objects}）\n`,
    );
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
