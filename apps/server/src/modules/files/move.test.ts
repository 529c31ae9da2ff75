import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type S3TestServer } from '../../../test/support/s3-server';
import { copyObjects, type MoveProgress } from './move';
import { LocalObjectStore, type ObjectStore, parseStorageUrl, S3ObjectStore } from './object-store';

let s3: S3TestServer;
const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'oj-move-'));
  dirs.push(d);
  return d;
};
beforeAll(async () => {
  s3 = await startS3Server(['move']);
});
afterAll(async () => {
  await s3?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const remote = (prefix: string) =>
  new S3ObjectStore(parseStorageUrl(s3.storageUrl('move', prefix)), {
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
  });

/** An install's data directory: uploads, test data, a video, and things that are not objects. */
async function install(): Promise<{ dir: string; objects: Map<string, Buffer> }> {
  const dir = tempDir();
  const disk = new LocalObjectStore(dir);
  const objects = new Map<string, Buffer>();
  for (let i = 0; i < 8; i++) {
    const key = i < 3 ? `files/0${i}/f${i}.png` : i < 7 ? `testdata/1${i}/t${i}` : 'videos/v.mp4';
    const body = Buffer.alloc(i === 7 ? 2 * 1024 * 1024 : 100 + i, i);
    await disk.put(key, body);
    objects.set(key, body);
  }
  // Not objects of the store: the database, keys, mails stay on the disk.
  await disk.put('oj.db', Buffer.from('sqlite'));
  await disk.put('keys/password-rsa.pem', Buffer.from('secret'));
  return { dir, objects };
}

/** A store whose writes fail after `n` of them (a run killed half way). */
function failingAfter(store: ObjectStore, n: number): ObjectStore {
  let left = n;
  const fail = () => {
    if (left-- <= 0) throw new Error('connection reset');
  };
  return Object.assign(Object.create(store) as ObjectStore, {
    putFile: async (key: string, path: string) => {
      fail();
      return store.putFile(key, path);
    },
  });
}

describe('moving an install between the disk and the store', () => {
  it('pushes everything, resumes after a failure, then pulls back into an empty data directory', async () => {
    const { dir, objects } = await install();
    const disk = new LocalObjectStore(dir);
    const store = remote('push');
    await expect(copyObjects(disk, failingAfter(store, 3), { tmpDir: tempDir() })).rejects.toThrow(/reset/);
    const progress: MoveProgress[] = [];
    const resumed = await copyObjects(disk, store, {
      tmpDir: tempDir(),
      onProgress: (p) => progress.push(p),
    });
    expect(resumed).toEqual({ copied: 5, skipped: 3, bytes: expect.any(Number) });
    expect(progress.map((p) => p.done)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(progress.every((p) => p.total === 8)).toBe(true);
    const bucket = s3.objects('move');
    for (const [key, body] of objects) expect(bucket.get(`push/${key}`)?.body.equals(body)).toBe(true);
    expect(bucket.has('push/oj.db')).toBe(false);
    expect(bucket.has('push/keys/password-rsa.pem')).toBe(false);
    expect(await copyObjects(disk, store, { tmpDir: tempDir() })).toEqual({
      copied: 0,
      skipped: 8,
      bytes: 0,
    });

    // A truncated copy on the target (a different size) is copied again.
    await store.put('testdata/13/t3', Buffer.from('short'));
    expect(await copyObjects(disk, store, { tmpDir: tempDir() })).toMatchObject({ copied: 1, skipped: 7 });

    const back = tempDir();
    const pulled = await copyObjects(store, new LocalObjectStore(back), { tmpDir: tempDir() });
    expect(pulled).toMatchObject({ copied: 8, skipped: 0 });
    for (const [key, body] of objects)
      expect(readFileSync(join(back, ...key.split('/'))).equals(body)).toBe(true);
    expect(await copyObjects(store, new LocalObjectStore(back), { tmpDir: tempDir() })).toMatchObject({
      copied: 0,
      skipped: 8,
    });
  });

  it('`npm run storage -- push|status|pull` runs as a command with the server configuration', async () => {
    const { dir, objects } = await install();
    const env = {
      ...process.env,
      OJ_DATA_DIR: dir,
      OJ_STORAGE_URL: s3.storageUrl('move', 'cli'),
      OJ_STORAGE_ACCESS_KEY_ID: s3.accessKeyId,
      OJ_STORAGE_SECRET_ACCESS_KEY: s3.secretAccessKey,
    };
    const push = await run(['push'], env);
    expect(push.code).toBe(0);
    expect(push.out).toContain('[8/8]');
    expect(push.out).toMatch(/完成.*复制 8 个.*跳过已存在的 0 个/);
    expect((await run(['push'], env)).out).toMatch(/复制 0 个.*跳过已存在的 8 个/);
    const status = await run(['status'], env);
    expect(status.out).toMatch(/对象存储 s3:\/\/move\/cli\/.*：8 个对象/);
    const empty = tempDir();
    const pull = await run(['pull'], { ...env, OJ_DATA_DIR: empty });
    expect(pull.out).toMatch(/复制 8 个/);
    for (const [key, body] of objects)
      expect(readFileSync(join(empty, ...key.split('/'))).equals(body)).toBe(true);
    const bad = await run(['sideways'], env);
    expect([bad.code, bad.err]).toEqual([2, expect.stringContaining('用法')]);
    const none = await run(['push'], { ...env, OJ_STORAGE_URL: '' });
    expect([none.code, none.err]).toEqual([2, expect.stringContaining('未配置 OJ_STORAGE_URL')]);
  }, 120_000);
});

function run(
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, ['--import', 'tsx', join(__dirname, 'storage-cli.ts'), ...args], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    p.stdout.on('data', (c: Buffer) => (out += c.toString()));
    p.stderr.on('data', (c: Buffer) => (err += c.toString()));
    p.on('error', reject);
    p.on('exit', (code) => resolve({ code, out, err }));
  });
}
