import { execFile } from 'node:child_process';
import { cp, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import {
  copyObjects,
  LocalObjectStore,
  OBJECT_PREFIXES,
  type ObjectStore,
  openObjectStore,
} from '../modules/files';

/**
 * `npm run backup` / `npm run restore`: a consistent copy of everything the product keeps, and
 * the way back into an empty data dir.
 *
 * A backup is a directory:
 *   oj.db            SQLite's online backup (a consistent snapshot while the server writes), or
 *   database.dump    pg_dump's custom format (one transaction: a consistent snapshot) with DATABASE_URL
 *   data/            everything else under OJ_DATA_DIR: files/ (uploads), testdata/, keys/ (the
 *                    password key, without which stored sessions still work but the sites' encrypted
 *                    passwords would not), outbox/
 *   manifest.json    written last: a directory without it is an unfinished backup
 *
 * With an object store (OJ_STORAGE_URL) the objects (files/, testdata/, videos/) are fetched from
 * the store into data/ under their keys, which are the paths they would have on the disk: a backup
 * looks the same whichever store it came from, and can be restored to either.
 *
 * The database is copied first, the files after: uploads and test data are written before the
 * rows that name them, so every file the snapshot names is in the copy (files added meanwhile
 * are harmless extras).
 */
export interface BackupManifest {
  format: 'oj-backup';
  version: 1;
  createdAt: string;
  database: 'sqlite' | 'postgres';
  /** Where the objects were kept: the data dir, or an S3 store (copied into data/ all the same). */
  objects?: 'disk' | 'store';
  /** Objects fetched from the store. */
  storeObjects?: number;
}

export interface BackupPlace {
  dataDir: string;
  /** PostgreSQL URL; '' = SQLite in `dataDir/oj.db`. */
  databaseUrl: string;
  /** OJ_STORAGE_URL; '' or absent = the objects are files under `dataDir`. */
  storageUrl?: string;
  storageCredentials?: { accessKeyId: string; secretAccessKey: string } | null;
}

/** Not copied from a data dir: the test data fetched from the store (a cache, refilled on demand). */
const CACHE_DIR = 'cache';
const OBJECT_DIRS = new Set(OBJECT_PREFIXES.map((p) => p.replace(/\/$/, '')));

function storeOf(place: BackupPlace): ObjectStore | null {
  if (!place.storageUrl) return null;
  return openObjectStore({
    dataDir: resolve(place.dataDir),
    storageUrl: place.storageUrl,
    credentials: place.storageCredentials ?? null,
  });
}

async function closeStore(store: ObjectStore | null): Promise<void> {
  if (store && 'close' in store) await (store as { close(): Promise<void> }).close();
}

/** A failure the operator must act on; the CLI prints the message and exits 1. */
export class BackupError extends Error {}

const SQLITE_FILE = 'oj.db';
const PG_DUMP_FILE = 'database.dump';
const MANIFEST = 'manifest.json';
/** SQLite's own files: the database travels as the online backup, never as a raw copy. */
const SQLITE_FILES = new Set([
  SQLITE_FILE,
  `${SQLITE_FILE}-wal`,
  `${SQLITE_FILE}-shm`,
  `${SQLITE_FILE}-journal`,
]);

const exec = promisify(execFile);

async function isEmptyDir(dir: string): Promise<boolean> {
  if (!existsSync(dir)) return true;
  return (await readdir(dir)).length === 0;
}

/** Runs a PostgreSQL client tool; a missing tool gets a message that says what to install. */
async function pgTool(tool: 'pg_dump' | 'pg_restore' | 'psql', args: string[]): Promise<string> {
  try {
    const { stdout } = await exec(tool, args, { maxBuffer: 16 << 20 });
    return stdout;
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === 'ENOENT')
      throw new BackupError(`找不到 ${tool}：请安装 postgresql-client（npm start 以 root 运行时会安装）`);
    throw new BackupError(`${tool} 失败：${(e.stderr ?? e.message).trim()}`);
  }
}

/** Writes a backup of `from` into `target` (which must not exist or be empty). */
export async function backup(from: BackupPlace, target: string): Promise<BackupManifest> {
  const dataDir = resolve(from.dataDir);
  target = resolve(target);
  if (!(await isEmptyDir(target))) throw new BackupError(`备份目录 ${target} 不为空：请换一个新目录`);
  if (target === dataDir || target.startsWith(`${dataDir}/`))
    throw new BackupError(`备份目录 ${target} 不能在数据目录 ${dataDir} 之内`);
  await mkdir(target, { recursive: true });

  let database: BackupManifest['database'];
  if (from.databaseUrl) {
    database = 'postgres';
    await pgTool('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--file=${join(target, PG_DUMP_FILE)}`,
      `--dbname=${from.databaseUrl}`,
    ]);
  } else {
    database = 'sqlite';
    const file = join(dataDir, SQLITE_FILE);
    if (!existsSync(file)) throw new BackupError(`数据目录 ${dataDir} 中没有数据库 ${SQLITE_FILE}`);
    const sqlite = new SQLite(file, { fileMustExist: true });
    try {
      sqlite.pragma('busy_timeout = 5000');
      await sqlite.backup(join(target, SQLITE_FILE));
    } finally {
      sqlite.close();
    }
  }

  await mkdir(join(target, 'data'));
  if (existsSync(dataDir)) {
    for (const name of await readdir(dataDir)) {
      if (SQLITE_FILES.has(name) || name === CACHE_DIR) continue;
      await cp(join(dataDir, name), join(target, 'data', name), {
        recursive: true,
        preserveTimestamps: true,
      });
    }
  }
  // After the snapshot: every object a row of it names was stored before that row was written.
  const store = storeOf(from);
  let storeObjects: number | undefined;
  try {
    if (store) {
      const copied = await copyObjects(store, new LocalObjectStore(join(target, 'data')), {
        tmpDir: target,
      });
      storeObjects = copied.copied + copied.skipped;
    }
  } finally {
    await closeStore(store);
  }
  const manifest: BackupManifest = {
    format: 'oj-backup',
    version: 1,
    createdAt: new Date().toISOString(),
    database,
    objects: store ? 'store' : 'disk',
    ...(storeObjects === undefined ? {} : { storeObjects }),
  };
  await writeFile(join(target, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

async function readManifest(source: string): Promise<BackupManifest> {
  let manifest: Partial<BackupManifest>;
  try {
    manifest = JSON.parse(await readFile(join(source, MANIFEST), 'utf8')) as Partial<BackupManifest>;
  } catch {
    throw new BackupError(`${source} 不是完整的备份：缺少可读的 ${MANIFEST}`);
  }
  if (
    manifest.format !== 'oj-backup' ||
    manifest.version !== 1 ||
    !['sqlite', 'postgres'].includes(manifest.database ?? '')
  )
    throw new BackupError(`${source}/${MANIFEST} 不是本系统能读的备份说明`);
  return manifest as BackupManifest;
}

/** Does the PostgreSQL database hold any table of ours (or anyone's) in its public schema? */
async function pgHasTables(databaseUrl: string): Promise<boolean> {
  const out = await pgTool('psql', [
    '--no-psqlrc',
    '--tuples-only',
    '--no-align',
    `--dbname=${databaseUrl}`,
    "--command=select count(*) from pg_tables where schemaname = 'public'",
  ]);
  return Number(out.trim()) > 0;
}

/**
 * Brings a backup back into `to`: the data dir must be empty (or not exist) and, for a PostgreSQL
 * backup, the database of `to.databaseUrl` must exist and hold no table. Nothing is overwritten.
 */
export async function restore(source: string, to: BackupPlace): Promise<BackupManifest> {
  source = resolve(source);
  const dataDir = resolve(to.dataDir);
  const manifest = await readManifest(source);
  if (!(await isEmptyDir(dataDir)))
    throw new BackupError(
      `数据目录 ${dataDir} 不为空：恢复只写入空的数据目录（请换一个目录，或先移走其中的内容）`,
    );
  if (manifest.database === 'postgres' && !to.databaseUrl)
    throw new BackupError('这是 PostgreSQL 的备份：请设置 DATABASE_URL 指向一个空数据库');
  if (manifest.database === 'sqlite' && to.databaseUrl)
    throw new BackupError('这是 SQLite 的备份：恢复到 SQLite 时不要设置 DATABASE_URL');

  if (manifest.database === 'postgres') {
    if (await pgHasTables(to.databaseUrl))
      throw new BackupError('DATABASE_URL 指向的数据库不为空：恢复只写入空数据库');
    await pgTool('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${to.databaseUrl}`,
      join(source, PG_DUMP_FILE),
    ]);
  }
  await mkdir(dataDir, { recursive: true });
  const store = storeOf(to);
  try {
    // With a store, the objects go there and the data dir gets the rest (keys, outbox).
    for (const name of await readdir(join(source, 'data'))) {
      if (store && OBJECT_DIRS.has(name)) continue;
      await cp(join(source, 'data', name), join(dataDir, name), {
        recursive: true,
        preserveTimestamps: true,
      });
    }
    if (store) await copyObjects(new LocalObjectStore(join(source, 'data')), store, { tmpDir: dataDir });
  } finally {
    await closeStore(store);
  }
  if (manifest.database === 'sqlite') await cp(join(source, SQLITE_FILE), join(dataDir, SQLITE_FILE));
  return manifest;
}
