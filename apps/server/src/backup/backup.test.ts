import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encryptPassword } from '@oj/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../index';
import { problemBody, uploadZip, zipOf } from '../../test/problems';
import { gradientPng } from '../modules/seed';
import {
  backends,
  type Backend,
  freshPostgresDatabase,
  Client,
  loginAsBoss,
  restartableOptions,
  startTestServer,
  TEST_PASSWORD,
} from '../../test/helpers';
import { startS3Server } from '../../test/support/s3-server';
import { backup, restore } from './backup';

const P = '/api/problem/algorithm';
const made: string[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  // Last made, first undone: a restored server stops before its database is dropped.
  for (const c of cleanups.splice(0).reverse()) await c();
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** A new empty PostgreSQL database beside the backend's (dropped after the tests); '' on SQLite. */
async function freshDatabase(backend: Backend): Promise<string> {
  if (!backend.databaseUrl) return '';
  const database = await freshPostgresDatabase(backend.databaseUrl);
  cleanups.push(database.drop);
  return database.url;
}

async function uploadAvatar(c: Client, png: Buffer): Promise<string> {
  const fd = new FormData();
  fd.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
  const res = await c.request<string>('POST', '/api/user/upload?status=0', { body: fd });
  if (res.code !== 0) throw new Error(`upload: ${res.message}`);
  return res.data;
}

/** What the product serves about the data the test made: compared before and after. */
async function observe(url: string, user: Client, admin: Client, problemId: number) {
  const me = (await user.get<{ account: string; avatar: string }>('/api/user/current')).data;
  const avatar = Buffer.from(await (await fetch(url + me.avatar)).arrayBuffer()).toString('base64');
  const problem = (await admin.get<Record<string, unknown>>(`${P}/search/problemId?problem_id=${problemId}`))
    .data;
  const tests = (await admin.post<unknown[]>(`${P}/admin/testCase/get?problem_id=${problemId}`)).data;
  return { account: me.account, avatarUrl: me.avatar, avatar, problem, tests };
}

describe.each(backends())('backup and restore on $name', (backend) => {
  it('a backup taken while the server runs, restored into a fresh data dir, serves the same data', async () => {
    const ts = await startTestServer(backend);
    cleanups.push(() => ts.close());
    const { client: user } = await ts.register('bk_user');
    await uploadAvatar(user, gradientPng(24, 24, [10, 20, 30], [200, 150, 100]));
    const admin = await ts.login(ts.admin.account, ts.admin.password);
    const added = await admin.post<{ problem_id: number }>(
      `${P}/admin/add`,
      problemBody({ chinese_name: '备份题' }),
    );
    const problemId = added.data.problem_id;
    const zip = await zipOf([
      ['1.in', '1 2\n'],
      ['1.out', '3\n'],
      ['2.in', 'x'.repeat(5000)],
      ['2.out', 'big\n'],
    ]);
    expect((await uploadZip(admin, problemId, zip)).code).toBe(0);
    const before = await observe(ts.url, user, admin, problemId);

    const target = join(tempDir('oj-backup-'), 'b');
    const manifest = await backup({ dataDir: ts.dataDir, databaseUrl: ts.databaseUrl }, target);
    expect(manifest.database).toBe(backend.databaseUrl ? 'postgres' : 'sqlite');
    // Written after the backup: not in it.
    await ts.register('bk_later');

    const dataDir = join(tempDir('oj-restored-'), 'data');
    const databaseUrl = await freshDatabase(backend);
    await restore(target, { dataDir, databaseUrl });
    const restored = await startServer({ ...restartableOptions(dataDir), databaseUrl });
    cleanups.push(() => restored.close());

    // The same password works: the restored key decrypts what the sites encrypt with it.
    const key = (await fetch(`${restored.url}/api/getPublicKey`).then((r) => r.json())) as { data: string };
    const login = async (account: string) => {
      const c = new Client(restored.url);
      const res = await c.post('/api/user/login', {
        account,
        password: await encryptPassword(key.data, TEST_PASSWORD),
      });
      return { c, res };
    };
    const again = await login('bk_user');
    expect(again.res.code).toBe(0);
    const after = await observe(restored.url, again.c, await loginAsBoss(restored.url), problemId);
    expect(after).toEqual(before);
    expect((await login('bk_later')).res.code).not.toBe(0);

    // A second restore refuses the now non-empty data dir, and names it.
    await expect(restore(target, { dataDir, databaseUrl })).rejects.toThrow(`数据目录 ${dataDir} 不为空`);
  }, 120_000);

  it('with an object store: the objects come into the backup and go back into another store', async () => {
    const s3 = await startS3Server(['oj']);
    cleanups.push(() => s3.close());
    const storeEnv = (prefix: string) => ({
      OJ_STORAGE_URL: s3.storageUrl('oj', prefix),
      OJ_STORAGE_ACCESS_KEY_ID: s3.accessKeyId,
      OJ_STORAGE_SECRET_ACCESS_KEY: s3.secretAccessKey,
    });
    const place = (dataDir: string, databaseUrl: string, prefix: string) => ({
      dataDir,
      databaseUrl,
      storageUrl: storeEnv(prefix).OJ_STORAGE_URL,
      storageCredentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    });
    const ts = await startTestServer(backend, { env: storeEnv('live') });
    cleanups.push(() => ts.close());
    const { client: user } = await ts.register('bk_s3_user');
    await uploadAvatar(user, gradientPng(20, 20, [90, 20, 30], [20, 150, 200]));
    const admin = await ts.login(ts.admin.account, ts.admin.password);
    const problemId = (
      await admin.post<{ problem_id: number }>(`${P}/admin/add`, problemBody({ chinese_name: '存储备份题' }))
    ).data.problem_id;
    const zip = await zipOf([
      ['1.in', '4 5\n'],
      ['1.out', '9\n'],
    ]);
    expect((await uploadZip(admin, problemId, zip)).code).toBe(0);
    const before = await observe(ts.url, user, admin, problemId);
    const live = [...s3.objects('oj').keys()].filter((k) => k.startsWith('live/'));

    const target = join(tempDir('oj-backup-s3-'), 'b');
    const manifest = await backup(place(ts.dataDir, ts.databaseUrl, 'live'), target);
    expect(manifest).toMatchObject({ objects: 'store', storeObjects: live.length });
    // Every object of the store is in the backup under its key, as it would lie on a disk.
    for (const key of live) expect(existsSync(join(target, 'data', key.slice('live/'.length)))).toBe(true);

    const dataDir = join(tempDir('oj-restored-s3-'), 'data');
    const databaseUrl = await freshDatabase(backend);
    await restore(target, place(dataDir, databaseUrl, 'again'));
    // The objects went into the new store, not into the data dir.
    expect(existsSync(join(dataDir, 'files'))).toBe(false);
    expect(existsSync(join(dataDir, 'testdata'))).toBe(false);
    expect([...s3.objects('oj').keys()].filter((k) => k.startsWith('again/')).length).toBe(live.length);
    const restored = await startServer({
      ...restartableOptions(dataDir),
      databaseUrl,
      env: storeEnv('again'),
    });
    cleanups.push(() => restored.close());
    const key = (await fetch(`${restored.url}/api/getPublicKey`).then((r) => r.json())) as { data: string };
    const again = new Client(restored.url);
    expect(
      (
        await again.post('/api/user/login', {
          account: 'bk_s3_user',
          password: await encryptPassword(key.data, TEST_PASSWORD),
        })
      ).code,
    ).toBe(0);
    expect(await observe(restored.url, again, await loginAsBoss(restored.url), problemId)).toEqual(before);
  }, 120_000);

  it('refuses a directory that is not a finished backup, and a backup into a non-empty directory', async () => {
    const notBackup = tempDir('oj-not-backup-');
    await expect(restore(notBackup, { dataDir: join(notBackup, 'data'), databaseUrl: '' })).rejects.toThrow(
      /不是完整的备份/,
    );
    writeFileSync(join(notBackup, 'something'), 'x');
    await expect(backup({ dataDir: tempDir('oj-data-'), databaseUrl: '' }, notBackup)).rejects.toThrow(
      /不为空/,
    );
  });
});
