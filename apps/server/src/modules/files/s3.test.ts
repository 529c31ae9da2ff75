import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HttpTestDataStore } from '@oj/judge';
import type { VideoPlay } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type Client, startTestServer, type TestServer } from '../../../test/helpers';
import { problemBody, submit, uploadZip, verdict, zipOf } from '../../../test/problems';
import { type RemotelyJudged, startRemotelyJudged } from '../../../test/remote-judge';
import { startS3Server, type S3TestServer } from '../../../test/support/s3-server';
import { readArchive } from '../problems';
import { gradientPng } from '../seed';

const P = '/api/problem/algorithm';
const TOKEN = 's3-judge-token';
const sha = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');
const keysIn = (s3: S3TestServer, prefix: string) =>
  [...s3.objects('oj').keys()].filter((k) => k.startsWith(prefix));

/** Issue 30 part 1: the real server with OJ_STORAGE_URL on an S3-protocol server on loopback. */
describe.each(backends())('the server on S3 object storage ($name)', (backend) => {
  let s3: S3TestServer;
  let ts: TestServer;
  let admin: Client;
  const cacheDir = mkdtempSync(join(tmpdir(), 'oj-s3-worker-cache-'));

  beforeAll(async () => {
    s3 = await startS3Server(['oj']);
    ts = await startTestServer(backend, {
      env: {
        OJ_STORAGE_URL: s3.storageUrl('oj', 'site'),
        OJ_STORAGE_ACCESS_KEY_ID: s3.accessKeyId,
        OJ_STORAGE_SECRET_ACCESS_KEY: s3.secretAccessKey,
      },
      configure: (config) => {
        config.judgeToken = TOKEN;
      },
    });
    admin = await ts.login(ts.admin.account, ts.admin.password);
  }, 60_000);
  afterAll(async () => {
    await ts?.close();
    await s3?.close();
    rmSync(cacheDir, { recursive: true, force: true });
  });

  it('keeps the seeded test data in the store, not on the disk', () => {
    expect(keysIn(s3, 'site/testdata/').length).toBeGreaterThanOrEqual(20);
    expect(existsSync(join(ts.dataDir, 'testdata'))).toBe(false);
  });

  it('stores an uploaded avatar in the store and serves it back', async () => {
    const { client } = await ts.register('s3_avatar');
    const png = gradientPng(24, 24, [5, 6, 7], [250, 10, 100]);
    const fd = new FormData();
    fd.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
    const up = await client.request<string>('POST', '/api/user/upload?status=0', { body: fd });
    expect(up.code).toBe(0);
    const name = `${sha(png)}.png`;
    expect(up.data).toBe(`/api/files/${name}`);
    const stored = s3.objects('oj').get(`site/files/${name.slice(0, 2)}/${name}`);
    expect(stored?.body.equals(png)).toBe(true);
    expect(stored?.contentType).toBe('image/png');
    expect(existsSync(join(ts.dataDir, 'files'))).toBe(false);
    const res = await fetch(ts.url + up.data);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await res.arrayBuffer()).equals(png)).toBe(true);
    expect((await fetch(`${ts.url}/api/files/${'1'.repeat(64)}.png`)).status).toBe(404);
  });

  it('answers a large file with an expiring URL of the store that serves ranges', async () => {
    const big = Buffer.alloc(5 * 1024 * 1024, 3);
    big.write('range me', 100);
    const url = await ts.server.ctx.files.save(big, 'bin', 'application/octet-stream');
    const res = await fetch(ts.url + url, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const location = res.headers.get('location')!;
    expect(location.startsWith(`${s3.url}/oj/site/files/`)).toBe(true);
    expect(location).toMatch(/X-Amz-Expires=900/);
    const part = await fetch(location, { headers: { range: 'bytes=100-107' } });
    expect(part.status).toBe(206);
    expect(await part.text()).toBe('range me');
  });

  it('uploads a test data zip into the store, reads it back and judges with it', async () => {
    const made = await admin.post<{ problem_id: number }>(`${P}/admin/add`, problemBody());
    expect(made.code).toBe(0);
    const id = made.data.problem_id;
    const cases: [string, string][] = [
      ['1.in', '40 2\n'],
      ['1.out', '42\n'],
      ['2.in', '-5 5\n'],
      ['2.out', '0\n'],
    ];
    const zipped = await uploadZip(admin, id, await zipOf(cases));
    expect(zipped.code).toBe(0);
    for (const [, body] of cases)
      expect(keysIn(s3, `site/testdata/${sha(body).slice(0, 2)}/${sha(body)}`)).toHaveLength(1);
    const view = await admin.post<{ input: string; output: string }[]>(
      `${P}/admin/testCase/get?problem_id=${id}`,
    );
    expect(view.data.map((t) => [t.input, t.output])).toEqual([
      ['40 2\n', '42\n'],
      ['-5 5\n', '0\n'],
    ]);
    const dl = await fetch(`${ts.url}${P}/admin/testCaseFile/get?problem_id=${id}`, {
      method: 'POST',
      headers: { cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(dl.status).toBe(200);
    const zip = Buffer.from(await dl.arrayBuffer());
    const entries = await readArchive(zip, { entriesMax: 10, fileMaxBytes: 1024, totalMaxBytes: 4096 });
    expect(Object.fromEntries(entries.map((e) => [e.name, e.bytes.toString()]))).toEqual(
      Object.fromEntries(cases),
    );

    // The server's own judge reads the test files from a local cache filled from the store.
    const sub = await submit(admin, id, 'Python3', 'a, b = map(int, input().split())\nprint(a + b)\n');
    const rec = await verdict(admin, sub);
    expect(rec.status).toBe('AC');
    expect(rec.test_results).toHaveLength(2);
    const cached = join(ts.dataDir, 'cache', 'testdata', sha('40 2\n').slice(0, 2), sha('40 2\n'));
    expect(readFileSync(cached, 'utf8')).toBe('40 2\n');
  }, 120_000);

  it('sends a remote worker to the store for test data by hash, verified and cached', async () => {
    const hash = sha('-5 5\n');
    const res = await fetch(`${ts.url}/api/judge/testdata/${hash}`, {
      headers: { authorization: `Bearer ${TOKEN}` },
      redirect: 'manual',
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toContain(`/oj/site/testdata/${hash.slice(0, 2)}/${hash}?`);
    expect((await fetch(`${ts.url}/api/judge/testdata/${hash}`, { redirect: 'manual' })).status).toBe(401);
    const before = s3.requests.length;
    const store = new HttpTestDataStore(ts.url, TOKEN, cacheDir);
    const path = await store.path(hash);
    expect(readFileSync(path, 'utf8')).toBe('-5 5\n');
    // The server only looked (HEAD); the bytes came to the worker from the store, signed by the server.
    const fromStore = s3.requests.slice(before).filter((r) => r.path.includes(hash) && r.method === 'GET');
    expect(fromStore.map((r) => [r.status, r.path.includes('X-Amz-Signature=')])).toEqual([[200, true]]);
    // Cached: asked again, nothing is downloaded.
    expect(await new HttpTestDataStore(ts.url, TOKEN, cacheDir).path(hash)).toBe(path);
    expect(s3.requests.slice(before).filter((r) => r.path.includes(hash) && r.method === 'GET')).toHaveLength(
      1,
    );
    expect(readdirSync(cacheDir, { recursive: true }).some((f) => String(f).endsWith(hash))).toBe(true);
  });

  it('plays an uploaded video from the store through an expiring URL with Range', async () => {
    const video = Buffer.concat([
      Buffer.from([0, 0, 0, 0x20]),
      Buffer.from('ftypisom'),
      Buffer.from(Array.from({ length: 2000 }, (_, i) => i % 251)),
    ]);
    const fd = new FormData();
    fd.append('file', new Blob([new Uint8Array(video)], { type: 'video/mp4' }), 'v.mp4');
    const up = await admin.request('POST', '/api/video/admin/problem/upload?problem_id=1000', { body: fd });
    expect(up.code).toBe(0);
    const stored = keysIn(s3, 'site/videos/').filter((k) => k.endsWith('.mp4'));
    expect(stored).toHaveLength(1);
    expect(s3.objects('oj').get(stored[0])!.body.equals(video)).toBe(true);
    expect(readdirSync(join(ts.dataDir, 'videos'))).toEqual([]);
    const play = await admin.get<VideoPlay & { url: string }>(`${P}/aliyun/vod?problem_id=1000`);
    expect(play.code).toBe(0);
    const res = await fetch(ts.url + play.data.url, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const location = res.headers.get('location')!;
    expect(location.startsWith(`${s3.url}/oj/${stored[0]}?`)).toBe(true);
    const part = await fetch(location, { headers: { range: 'bytes=4-11' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-type')).toBe('video/mp4');
    expect(await part.text()).toBe('ftypisom');
    // A new upload replaces the video: the old object is deleted from the store.
    const again = new FormData();
    again.append(
      'file',
      new Blob([new Uint8Array(Buffer.concat([video, video]))], { type: 'video/mp4' }),
      'w.mp4',
    );
    expect(
      (await admin.request('POST', '/api/video/admin/problem/upload?problem_id=1000', { body: again })).code,
    ).toBe(0);
    const now = keysIn(s3, 'site/videos/').filter((k) => k.endsWith('.mp4'));
    expect(now).toHaveLength(1);
    expect(now[0]).not.toBe(stored[0]);
    expect(s3.objects('oj').get(now[0])!.body.length).toBe(video.length * 2);
    // A tampered play URL is still refused by the server before any redirect.
    expect(
      (await fetch(ts.url + play.data.url.replace(/sig=[^&]+/, 'sig=x'), { redirect: 'manual' })).status,
    ).toBe(403);
  });
});

const redisUrl = process.env.TEST_REDIS_URL?.trim();

/** A judge on another machine, with the server on S3: it reads test data from the store itself. */
describe.skipIf(!redisUrl)('a remote judge worker with the server on S3', () => {
  let s3: S3TestServer;
  let install: RemotelyJudged;
  beforeAll(async () => {
    s3 = await startS3Server(['oj']);
    install = await startRemotelyJudged(redisUrl!, {
      env: {
        OJ_STORAGE_URL: s3.storageUrl('oj'),
        AWS_ACCESS_KEY_ID: s3.accessKeyId,
        AWS_SECRET_ACCESS_KEY: s3.secretAccessKey,
      },
    });
    await install.startWorker();
  }, 60_000);
  afterAll(async () => {
    await install?.close();
    await s3?.close();
  });

  it('judges with test data downloaded from the store through presigned URLs and cached', async () => {
    const before = s3.requests.length;
    const { ts, cacheDir } = install;
    const { client } = await ts.register('s3_remote');
    const id = await submit(client, 1000, 'Python3', 'a, b = map(int, input().split())\nprint(a + b)\n');
    const rec = await verdict(client, id);
    expect(rec.status).toBe('AC');
    expect(rec.test_results).toHaveLength(10);
    const cached = readdirSync(cacheDir, { recursive: true }).filter((f) => /[0-9a-f]{64}$/.test(String(f)));
    expect(cached.length).toBeGreaterThanOrEqual(10);
    const presigned = s3.requests
      .slice(before)
      .filter(
        (r) =>
          r.method === 'GET' && r.path.startsWith('/oj/testdata/') && r.path.includes('X-Amz-Signature='),
      );
    expect(presigned.length).toBe(cached.length);
    expect(presigned.every((r) => r.status === 200)).toBe(true);
    expect(existsSync(join(ts.dataDir, 'cache', 'testdata'))).toBe(false);
  }, 120_000);
});
