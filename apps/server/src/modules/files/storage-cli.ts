import { join } from 'node:path';
import { loadConfig } from '../../lib/config';
import { copyObjects } from './move';
import { LocalObjectStore, type ObjectStore, openObjectStore } from './object-store';

/**
 * `npm run storage -- push|pull|status` (docs/storage.md): moves an install's files between the
 * data directory (OJ_DATA_DIR) and the S3 store of OJ_STORAGE_URL. `push` copies disk → store,
 * `pull` store → disk; both skip what the other side already has (same key and size), so an
 * interrupted run is simply run again. Nothing is deleted: the source is kept until you remove it.
 */
const USAGE =
  '用法：npm run storage -- push|pull|status（把 OJ_DATA_DIR 中的文件复制到 OJ_STORAGE_URL 的对象存储，或反向复制）';

const config = loadConfig(process.env);
const command = process.argv[2];
if (!['push', 'pull', 'status'].includes(command ?? '')) {
  process.stderr.write(`${USAGE}\n`);
  process.exit(2);
}
if (!config.storageUrl) {
  process.stderr.write('未配置 OJ_STORAGE_URL：请先设置对象存储地址（见 docs/storage.md）\n');
  process.exit(2);
}
const disk = new LocalObjectStore(config.dataDir);
const store = openObjectStore({
  dataDir: config.dataDir,
  storageUrl: config.storageUrl,
  credentials: config.storageCredentials,
});

async function count(s: ObjectStore) {
  let objects = 0;
  let bytes = 0;
  for (const prefix of ['files/', 'testdata/', 'videos/'])
    for await (const o of s.list(prefix)) {
      objects++;
      bytes += o.size;
    }
  return `${objects} 个对象，${mib(bytes)}`;
}

const mib = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MiB`;

try {
  if (command === 'status') {
    process.stdout.write(`本地磁盘 ${disk.description}：${await count(disk)}\n`);
    process.stdout.write(`对象存储 ${store.description}：${await count(store)}\n`);
  } else {
    const [from, to] = command === 'push' ? [disk, store] : [store, disk];
    process.stdout.write(`${from.description} → ${to.description}\n`);
    const t0 = performance.now();
    const result = await copyObjects(from, to, {
      tmpDir: join(config.dataDir, 'cache'),
      onProgress: (p) => {
        if (p.action === 'copied' || p.done === p.total || p.done % 500 === 0)
          process.stdout.write(
            `[${p.done}/${p.total}] ${p.action === 'copied' ? '已复制' : '已存在'} ${p.key}（${p.size} 字节）\n`,
          );
      },
    });
    const seconds = ((performance.now() - t0) / 1000).toFixed(1);
    process.stdout.write(
      `完成（${seconds} 秒）：复制 ${result.copied} 个（${mib(result.bytes)}），跳过已存在的 ${result.skipped} 个\n`,
    );
  }
} catch (err) {
  process.stderr.write(
    `失败：${err instanceof Error ? err.message : String(err)}（可直接重新运行，已复制的对象会被跳过）\n`,
  );
  process.exitCode = 1;
} finally {
  if ('close' in store) await (store as { close(): Promise<void> }).close();
}
