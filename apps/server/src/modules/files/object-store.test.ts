import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type S3TestServer } from '../../../test/support/s3-server';
import {
  LocalObjectStore,
  ObjectNotFound,
  type ObjectStore,
  parseStorageUrl,
  S3ObjectStore,
  streamToBuffer,
} from './object-store';
import { FileStorage } from './storage';

let s3: S3TestServer;
const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'oj-objects-'));
  dirs.push(d);
  return d;
};

beforeAll(async () => {
  s3 = await startS3Server(['contract']);
});
afterAll(async () => {
  await s3?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const s3Store = (prefix: string, secret?: string) =>
  new S3ObjectStore(parseStorageUrl(s3.storageUrl('contract', prefix)), {
    accessKeyId: s3.accessKeyId,
    secretAccessKey: secret ?? s3.secretAccessKey,
  });

const kinds: { name: string; make: () => ObjectStore }[] = [
  { name: 'the local disk', make: () => new LocalObjectStore(tempDir()) },
  { name: 'S3', make: () => s3Store(`run-${Math.random().toString(36).slice(2)}`) },
];

describe.each(kinds)('the object store contract on $name', ({ make }) => {
  it('puts, tells existence and size, reads whole and by range, deletes', async () => {
    const store = make();
    const body = Buffer.from('0123456789abcdefghij');
    expect(await store.exists('files/ab/x.txt')).toBe(false);
    expect(await store.stat('files/ab/x.txt')).toBeNull();
    await store.put('files/ab/x.txt', body, 'text/plain');
    expect(await store.exists('files/ab/x.txt')).toBe(true);
    expect(await store.stat('files/ab/x.txt')).toEqual({ size: 20 });
    expect((await store.read('files/ab/x.txt')).equals(body)).toBe(true);
    expect((await streamToBuffer(await store.get('files/ab/x.txt', { start: 3, end: 7 }))).toString()).toBe(
      '34567',
    );
    expect((await streamToBuffer(await store.get('files/ab/x.txt', { start: 15, end: 19 }))).toString()).toBe(
      'fghij',
    );
    // overwrite keeps the key, new bytes
    await store.put('files/ab/x.txt', Buffer.from('new'));
    expect((await store.read('files/ab/x.txt')).toString()).toBe('new');
    await store.delete('files/ab/x.txt');
    expect(await store.exists('files/ab/x.txt')).toBe(false);
    await expect(store.read('files/ab/x.txt')).rejects.toBeInstanceOf(ObjectNotFound);
    await expect(store.get('files/ab/x.txt')).rejects.toBeInstanceOf(ObjectNotFound);
    // deleting what is not there is no error
    await store.delete('files/ab/x.txt');
  });

  it('streams a file in and downloads one out', async () => {
    const store = make();
    const dir = tempDir();
    const big = Buffer.alloc(3 * 1024 * 1024 + 17, 7);
    big.write('head', 0);
    writeFileSync(join(dir, 'in.bin'), big);
    await store.putFile('videos/abc.mp4', join(dir, 'in.bin'), 'video/mp4');
    expect(await store.stat('videos/abc.mp4')).toEqual({ size: big.length });
    await store.download('videos/abc.mp4', join(dir, 'out', 'copy.bin'));
    expect(readFileSync(join(dir, 'out', 'copy.bin')).equals(big)).toBe(true);
  });

  it('lists by prefix in key order, across pages', async () => {
    const store = make();
    const keys = Array.from(
      { length: 1005 },
      (_, i) => `testdata/${String(i % 7).padStart(2, '0')}/k${String(i).padStart(5, '0')}`,
    );
    // S3 answers 1000 keys a page: more than that proves continuation works.
    for (let i = 0; i < keys.length; i += 25)
      await Promise.all(keys.slice(i, i + 25).map((k) => store.put(k, Buffer.from(k))));
    await store.put('files/zz/other.png', Buffer.from('x'));
    const listed: { key: string; size: number }[] = [];
    for await (const o of store.list('testdata/')) listed.push(o);
    expect(listed.map((o) => o.key)).toEqual([...keys].sort());
    expect(listed.every((o, i) => o.size === Buffer.byteLength(listed[i].key))).toBe(true);
    const some: string[] = [];
    for await (const o of store.list('testdata/03/')) some.push(o.key);
    expect(some).toEqual(keys.filter((k) => k.startsWith('testdata/03/')).sort());
    const all: string[] = [];
    for await (const o of store.list()) all.push(o.key);
    expect(all).toContain('files/zz/other.png');
    expect(all).toHaveLength(1006);
  }, 60_000);

  it('refuses keys that could leave the store', async () => {
    const store = make();
    for (const bad of ['../etc/passwd', 'files/../../x', '/abs', 'a//b', ''])
      await expect(store.put(bad, Buffer.from('x'))).rejects.toThrow(/invalid object key/);
  });

  it('keeps content-addressed files through FileStorage', async () => {
    const files = new FileStorage(make(), () => 'image/png');
    const bytes = Buffer.from('png bytes');
    const { sha256, name } = await files.put(bytes, 'png');
    expect(sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(name).toBe(`${sha256}.png`);
    expect(await files.exists(name)).toBe(true);
    expect(await files.exists(`${'0'.repeat(64)}.png`)).toBe(false);
    expect(await files.exists('../x.png')).toBe(false);
    expect(await files.stat(name)).toEqual({ size: bytes.length });
    expect((await streamToBuffer(await files.open(name))).equals(bytes)).toBe(true);
  });
});

describe('presigned URLs', () => {
  it('the local disk makes none (the server serves those bytes itself)', async () => {
    const local: ObjectStore = new LocalObjectStore(tempDir());
    expect(await local.presign('files/ab/x', { expiresIn: 60 })).toBeNull();
  });

  it('S3 URLs serve the object with Range, type and name, and are refused once tampered with', async () => {
    const store = s3Store('presign');
    const body = Buffer.from('The quick brown fox jumps over the lazy dog');
    await store.put('videos/v.mp4', body);
    const url = await store.presign('videos/v.mp4', {
      expiresIn: 120,
      contentType: 'video/mp4',
      filename: '课程.mp4',
    });
    expect(url).toMatch(/X-Amz-Signature=[0-9a-f]{64}/);
    expect(url).toMatch(/X-Amz-Expires=120/);
    const whole = await fetch(url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(whole.headers.get('content-disposition')).toContain(encodeURIComponent('课程.mp4'));
    expect(Buffer.from(await whole.arrayBuffer()).equals(body)).toBe(true);
    const part = await fetch(url, { headers: { range: 'bytes=4-8' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 4-8/${body.length}`);
    expect(await part.text()).toBe('quick');
    const tail = await fetch(url, { headers: { range: 'bytes=-3' } });
    expect(await tail.text()).toBe('dog');
    expect((await fetch(url, { headers: { range: 'bytes=999-' } })).status).toBe(416);
    expect((await fetch(url.replace('v.mp4', 'w.mp4'))).status).toBe(403);
    expect((await fetch(url.replace('X-Amz-Expires=120', 'X-Amz-Expires=9999'))).status).toBe(403);
    expect((await fetch(url.split('?')[0])).status).toBe(403);
  });

  it('an expired URL is refused', async () => {
    const store = s3Store('presign');
    await store.put('files/ab/old', Buffer.from('x'));
    const url = new URL((await store.presign('files/ab/old', { expiresIn: 60 }))!);
    // Signed as if made two minutes ago: the server checks X-Amz-Date + X-Amz-Expires.
    const stamp = url.searchParams.get('X-Amz-Date')!;
    expect(stamp).toMatch(/^\d{8}T\d{6}Z$/);
    const signedEarlier = (await store.presign('files/ab/old', {
      expiresIn: 60,
      signedAt: new Date(Date.now() - 120_000),
    }))!;
    expect((await fetch(signedEarlier)).status).toBe(403);
    expect((await fetch(url)).status).toBe(200);
  });
});

describe('S3 credentials and configuration', () => {
  it('a wrong secret is refused by the server (the signature is checked)', async () => {
    await expect(s3Store('creds', 'not-the-secret').put('files/ab/x', Buffer.from('x'))).rejects.toThrow(
      /signature/i,
    );
  });

  it('parses OJ_STORAGE_URL', () => {
    expect(
      parseStorageUrl(
        's3://bucket/some/prefix/?endpoint=http://127.0.0.1:9000&region=eu-west-1&forcePathStyle=1',
      ),
    ).toEqual({
      bucket: 'bucket',
      prefix: 'some/prefix/',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-west-1',
      forcePathStyle: true,
    });
    expect(parseStorageUrl('s3://b')).toEqual({
      bucket: 'b',
      prefix: '',
      endpoint: undefined,
      region: 'us-east-1',
      forcePathStyle: false,
    });
    expect(() => parseStorageUrl('http://b/x')).toThrow(/s3:\/\//);
    expect(() => parseStorageUrl('s3://key:secret@b/x')).toThrow(/密钥/);
  });
});
