import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statfsSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../src/db/kysely';
import { migrate } from '../src/db/migrate';

/**
 * What every test server's first start does alike, done once and copied: the migrated schema (a
 * SQLite file, a PostgreSQL template database) and the password key pair. Migrating a new database
 * takes 0.1–1.5 s and a 2 048-bit RSA key 0.1–0.5 s, and the suite starts some 300 servers. The
 * server still runs its migrations at start; on a copy they find nothing to do. A test of the
 * migrations themselves uses `freshPostgresDatabase` / an empty data directory instead.
 */

const SRC_DB = join(dirname(fileURLToPath(import.meta.url)), '../src/db');

/** Names the schema: the migration files' names and contents, so an edited migration makes a new copy. */
function schemaKey(): string {
  const hash = createHash('sha256');
  const dir = join(SRC_DB, 'migrations');
  for (const f of readdirSync(dir).sort())
    if (f.endsWith('.ts') && !f.endsWith('.test.ts')) hash.update(f).update(readFileSync(join(dir, f)));
  hash.update(readFileSync(join(SRC_DB, 'migrate.ts')));
  return hash.digest('hex').slice(0, 16);
}

let key: string | null = null;
const currentKey = () => (key ??= schemaKey());

/** A migrated SQLite file for this schema, made once and shared by the test processes of the machine. */
let sqliteSchema: Promise<string> | null = null;

function migratedSqliteFile(): Promise<string> {
  sqliteSchema ??= (async () => {
    const dir = join(tmpdir(), `oj-test-schema-${currentKey()}`);
    const file = join(dir, 'oj.db');
    if (existsSync(file)) return file;
    // Made aside and renamed into place: another process never copies half a file.
    const work = mkdtempSync(join(tmpdir(), 'oj-test-schema-work-'));
    const db = await openDatabase({ databaseUrl: '', dataDir: work });
    await migrate(db.db as never, db.dialect);
    await db.close();
    try {
      renameSync(work, dir);
    } catch {
      rmSync(work, { recursive: true, force: true }); // another process was first
    }
    return file;
  })();
  return sqliteSchema;
}

let pem: string | null = null;
let dataRoot: string | null = null;

/**
 * Where test servers' data directories go: a RAM disk when the machine has one with room (on a
 * disk mounted with `discard`, removing one server's files took ~0.5 s), else the temporary
 * directory. Only data directories: a judge's boxes stay on disk, where the files a program writes
 * are page cache, not memory charged to its box as they would be on tmpfs.
 */
export function dataDirRoot(): string {
  if (dataRoot) return dataRoot;
  dataRoot = tmpdir();
  try {
    const fs = statfsSync('/dev/shm');
    if (fs.bavail * fs.bsize >= 4 * 2 ** 30) {
      mkdirSync('/dev/shm/oj-test-data', { recursive: true });
      dataRoot = '/dev/shm/oj-test-data';
    }
  } catch {
    // no RAM disk: the temporary directory
  }
  return dataRoot;
}

/** Puts the schema and the key pair into a new data directory (the SQLite file only for SQLite). */
export async function prepareDataDir(dataDir: string, sqlite: boolean): Promise<void> {
  if (sqlite) copyFileSync(await migratedSqliteFile(), join(dataDir, 'oj.db'));
  pem ??= generateKeyPairSync('rsa', { modulusLength: 2048 })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString();
  mkdirSync(join(dataDir, 'keys'), { recursive: true, mode: 0o700 });
  writeFileSync(join(dataDir, 'keys', 'password-rsa.pem'), pem, { mode: 0o600 });
}

async function withAdmin<T>(serverUrl: string, run: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  try {
    return await run(c);
  } finally {
    await c.end();
  }
}

const templates = new Map<string, Promise<string>>();

/** Databases of tests older than this are dropped when a process first makes its template. */
const STALE_MS = 3 * 3600_000;

/**
 * The template database of this schema on the server, made once under an advisory lock (other
 * test processes may be making it too) and under a temporary name renamed when complete.
 */
function template(serverUrl: string): Promise<string> {
  let made = templates.get(serverUrl);
  if (!made) {
    made = withAdmin(serverUrl, async (admin) => {
      const name = `oj_tpl_${currentKey()}`;
      await admin.query('select pg_advisory_lock(727201)');
      try {
        await dropStaleTestDatabases(admin);
        const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
        if (found.rowCount) return name;
        const work = `${name}_work_${randomBytes(4).toString('hex')}`;
        await admin.query(`create database ${work}`);
        const u = new URL(serverUrl);
        u.pathname = `/${work}`;
        const db = await openDatabase({ databaseUrl: u.toString(), dataDir: tmpdir() });
        await migrate(db.db as never, db.dialect);
        await db.close();
        await admin.query(`alter database ${work} rename to ${name}`);
        return name;
      } finally {
        await admin.query('select pg_advisory_unlock(727201)');
      }
    });
    templates.set(serverUrl, made);
    made.catch(() => templates.delete(serverUrl));
  }
  return made;
}

/** Test databases carry their creation time in their name; a killed run leaves some behind. */
async function dropStaleTestDatabases(admin: pg.Client): Promise<void> {
  const rows = await admin.query<{ datname: string }>(
    "select datname from pg_database where datname like 'oj\\_test\\_%'",
  );
  for (const { datname } of rows.rows) {
    const born = parseInt(/^oj_test_([0-9a-z]+)_/.exec(datname)?.[1] ?? '', 36);
    if (Number.isFinite(born) && Date.now() - born > STALE_MS)
      await admin.query(`drop database if exists ${datname} with (force)`).catch(() => undefined);
  }
}


/**
 * A new database on the PostgreSQL server of `serverUrl`, migrated (a copy of the template), and
 * how to drop it. The drop is not awaited by the caller's close: deleting a database's files takes
 * up to a second or two on this disk, and the next test need not wait for it.
 */
export async function migratedPostgresDatabase(
  serverUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const tpl = await template(serverUrl);
  const name = `oj_test_${Date.now().toString(36)}_${randomBytes(5).toString('hex')}`;
  await withAdmin(serverUrl, async (admin) => {
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database ${name} template ${tpl}`);
        break;
      } catch (err) {
        // 55006: the template is in use by another session (a template being read by a concurrent create).
        if ((err as { code?: string }).code !== '55006' || attempt >= 20) throw err;
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    // A test database need not survive a crash of the PostgreSQL server: commits do not wait for disk.
    await admin.query(`alter database ${name} set synchronous_commit = off`);
  });
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    // A drop cut short by the end of the process is swept later (dropStaleTestDatabases).
    drop: async () => {
      void withAdmin(serverUrl, async (c) => {
        await c.query(`drop database if exists ${name} with (force)`);
      }).catch(() => undefined);
    },
  };
}
