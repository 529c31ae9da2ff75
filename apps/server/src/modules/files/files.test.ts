import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, captureLog, type Client, startTestServer, type TestServer } from '../../../test/helpers';
import { gradientPng } from '../seed';

const form = (bytes: Buffer, filename: string, type = 'application/octet-stream') => {
  const fd = new FormData();
  fd.append('file', new Blob([new Uint8Array(bytes)], { type }), filename);
  return fd;
};
const upload = (c: Client, status: number, bytes: Buffer, filename: string) =>
  c.request<string>('POST', `/api/user/upload?status=${status}`, { body: form(bytes, filename) });

// A real (tiny) JPEG header is enough for content sniffing: SOI + JFIF APP0.
const JPEG = Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex');

describe.each(backends())('uploads and background pictures on $name', (backend) => {
  let ts: TestServer;
  const log = captureLog();
  beforeAll(async () => {
    ts = await startTestServer(backend, { logLevel: 'info', logStream: log.stream });
  });
  afterAll(() => ts?.close());

  it('sets the avatar from an uploaded image and serves it content-addressed with long caching', async () => {
    const { client } = await ts.register('up_1');
    const png = gradientPng(40, 40, [1, 2, 3], [200, 100, 50]);
    const res = await upload(client, 0, png, 'me.png');
    expect(res.code).toBe(0);
    expect(res.message).toBe('上传完毕');
    expect(res.data).toMatch(/^\/api\/files\/[a-f0-9]{64}\.png$/);
    expect((await client.get<{ avatar: string }>('/api/user/current')).data.avatar).toBe(res.data);
    const file = await fetch(ts.url + res.data);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('cache-control')).toMatch(/immutable/);
    expect(Buffer.from(await file.arrayBuffer()).equals(png)).toBe(true);
    // the type comes from the content, not from the name
    const jpeg = await upload(client, 0, JPEG, 'picture.png');
    expect(jpeg.data).toMatch(/\.jpg$/);
    expect((await fetch(`${ts.url}/api/files/${'0'.repeat(64)}.png`)).status).toBe(404);
    expect((await fetch(`${ts.url}/api/files/..%2F..%2Fkeys%2Fpassword-rsa.pem`)).status).toBe(404);
  });

  it('refuses text named .png, oversize files, a bad status and anonymous uploads', async () => {
    const { client } = await ts.register('up_2');
    const text = await upload(client, 0, Buffer.from('this is not an image at all'), 'evil.png');
    expect(text.status).toBe(400);
    expect(text).toMatchObject({
      message: '头像必须是 PNG、JPEG、GIF 或 WebP 格式的图片',
      data: { field: 'file' },
    });
    const html = await upload(client, 1, Buffer.from('<svg onload="alert(1)"></svg>'), 'x.gif');
    expect(html.status).toBe(400);
    const big = Buffer.concat([gradientPng(8, 8, [0, 0, 0], [1, 1, 1]), Buffer.alloc(2 * 1024 * 1024 + 10)]);
    const tooBig = await upload(client, 0, big, 'big.png');
    expect(tooBig.status).toBe(413);
    expect(tooBig.message).toMatch(/头像不能超过 2 MiB/);
    expect((await upload(client, 2, JPEG, 'a.jpg')).message).toMatch(/状态/);
    const anon = await upload(ts.client(), 0, JPEG, 'a.jpg');
    expect(anon.status).toBe(401);
    const notMultipart = await client.post('/api/user/upload?status=0', { file: 'x' });
    expect(notMultipart.status).toBe(400);
  });

  it('refuses a truncated body, a second file and extra fields with a 4xx, storing nothing', async () => {
    const { client } = await ts.register('up_bad');
    const before = (await client.get<{ avatar: string }>('/api/user/current')).data.avatar;
    const png = gradientPng(8, 8, [0, 0, 0], [9, 9, 9]);
    const multipart = (boundary: string, parts: string[], end = `--${boundary}--\r\n`) =>
      client.request<null>('POST', '/api/user/upload?status=0', {
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        body: Buffer.concat([
          ...parts.map((p) => Buffer.from(`--${boundary}\r\n${p}\r\n`, 'latin1')),
          Buffer.from(end),
        ]),
      });
    const filePart = (name = 'file') =>
      `Content-Disposition: form-data; name="${name}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n${png.toString('latin1')}`;
    const field = (name: string) => `Content-Disposition: form-data; name="${name}"\r\n\r\nvalue`;

    const truncated = await multipart('XyZ', [filePart()], '');
    expect(truncated).toMatchObject({
      status: 400,
      code: 40000,
      message: '上传的表单数据不完整或格式错误，请重新上传',
    });

    const twoFiles = new FormData();
    twoFiles.append('file', new Blob([new Uint8Array(png)]), 'a.png');
    twoFiles.append('file', new Blob([new Uint8Array(JPEG)]), 'b.jpg');
    const two = await client.request('POST', '/api/user/upload?status=0', { body: twoFiles });
    expect(two).toMatchObject({ status: 400, data: { field: 'file' } });
    expect(two.message).toMatch(/^(一次只能上传一个文件|上传表单只能包含一个 file 文件字段)$/);

    const dozen = await multipart('b0', [
      ...Array.from({ length: 12 }, (_, i) => field(`f${i}`)),
      filePart(),
    ]);
    expect(dozen).toMatchObject({ status: 400, message: '上传表单只能包含一个 file 文件字段' });
    const fieldAfter = await multipart('b1', [filePart(), field('status')]);
    expect(fieldAfter).toMatchObject({ status: 400, message: '上传表单只能包含一个 file 文件字段' });
    const otherName = await multipart('b2', [filePart('avatar')]);
    expect(otherName).toMatchObject({ status: 400, message: '上传表单只能包含一个 file 文件字段' });
    const none = await multipart('b3', []);
    expect(none).toMatchObject({ status: 400, message: '请选择要上传的头像' });

    expect((await client.get<{ avatar: string }>('/api/user/current')).data.avatar).toBe(before);
    expect(log.errors()).toEqual([]);
  });

  it('lists built-in and own backgrounds, sets, refuses foreign ones, deletes only own', async () => {
    const { client: alice } = await ts.register('bg_alice');
    const { client: bob } = await ts.register('bg_bob');
    const builtins =
      await alice.get<{ id: number; uuid: number; picture_address: string }[]>('/api/user/picture/get');
    expect(builtins.code).toBe(0);
    expect(builtins.data.length).toBeGreaterThanOrEqual(4);
    expect(builtins.data.every((p) => p.uuid === 0)).toBe(true);

    const up = await upload(alice, 1, gradientPng(30, 20, [9, 9, 9], [90, 90, 90]), 'bg.png');
    expect(up.message).toBe('图片上传成功！！！');
    const mine = (
      await alice.get<{ id: number; uuid: number; picture_address: string }[]>('/api/user/picture/get')
    ).data;
    const own = mine.find((p) => p.picture_address === up.data)!;
    expect(own.uuid).toBeGreaterThan(0);
    expect(
      (await bob.get<{ picture_address: string }[]>('/api/user/picture/get')).data.map(
        (p) => p.picture_address,
      ),
    ).not.toContain(up.data);

    expect((await alice.get<string>('/api/user/picture/user/get')).data).toBe(
      builtins.data[0].picture_address,
    );
    expect(
      (await alice.post(`/api/user/picture/user/set?picture_address=${encodeURIComponent(up.data)}`)).code,
    ).toBe(0);
    expect((await alice.get<string>('/api/user/picture/user/get')).data).toBe(up.data);
    const foreign = await bob.post(
      `/api/user/picture/user/set?picture_address=${encodeURIComponent(up.data)}`,
    );
    expect(foreign.status).toBe(400);
    expect(foreign.message).toMatch(/^所选图片不在可选的背景图片中/);
    expect(
      (await bob.post('/api/user/picture/user/set?picture_address=https://evil.example/x.png')).status,
    ).toBe(400);
    expect(
      (
        await bob.post(
          `/api/user/picture/user/set?picture_address=${encodeURIComponent(builtins.data[1].picture_address)}`,
        )
      ).code,
    ).toBe(0);

    expect((await bob.post(`/api/user/picture/user/delete?id=${own.id}`)).status).toBe(403);
    expect((await alice.post(`/api/user/picture/user/delete?id=${builtins.data[0].id}`)).status).toBe(403);
    expect((await alice.post(`/api/user/picture/user/delete?id=${own.id}`)).code).toBe(0);
    // deleting the current picture falls back to the default
    expect((await alice.get<string>('/api/user/picture/user/get')).data).toBe(
      builtins.data[0].picture_address,
    );
    expect((await alice.post(`/api/user/picture/user/delete?id=${own.id}`)).status).toBe(404);
  });

  it('answers 40101 to anonymous picture calls (SPEC §8)', async () => {
    const c = ts.client();
    for (const res of [
      await c.get('/api/user/picture/get'),
      await c.get('/api/user/picture/user/get'),
      await c.post('/api/user/picture/user/delete?id=1'),
    ]) {
      expect(res.status).toBe(401);
      expect(res.code).toBe(40101);
    }
  });
});
