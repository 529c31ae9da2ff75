import { createHmac } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { CourseDetail, VideoPlay } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type Client, startTestServer, type TestServer } from '../../../test/helpers';
import { problemBody, type RoleClients, roleClients } from '../../../test/problems';
import { rpcSignature } from './aliyun';
import { parseRange } from './video';

const C = '/api/course';
const VIDEO = Buffer.concat([
  Buffer.from([0, 0, 0, 0x20]),
  Buffer.from('ftypisom'),
  Buffer.from(Array.from({ length: 988 }, (_, i) => i % 251)),
]);

function uploadVideo(cl: Client, path: string, bytes: Buffer, name = 'lesson.mp4') {
  const fd = new FormData();
  fd.append('file', new Blob([new Uint8Array(bytes)], { type: 'video/mp4' }), name);
  return cl.request<{ has_poster: boolean }>('POST', path, { body: fd });
}

describe('parseRange', () => {
  it.each([
    ['bytes=0-9', { start: 0, end: 9 }],
    ['bytes=990-', { start: 990, end: 999 }],
    ['bytes=-5', { start: 995, end: 999 }],
    ['bytes=500-5000', { start: 500, end: 999 }],
    ['bytes=1000-', 'unsatisfiable'],
    ['bytes=9-3', 'unsatisfiable'],
    ['bytes=-0', 'unsatisfiable'],
    ['bytes=0-1,5-6', null],
    [undefined, null],
    ['items=0-1', null],
  ] as const)('%s', (header, expected) => {
    expect(parseRange(header, 1000)).toEqual(expected);
  });
});

describe('Aliyun RPC signature', () => {
  it("matches the published example of Aliyun's signature documentation", () => {
    const params = {
      AccessKeyId: 'testid',
      Action: 'DescribeRegions',
      Format: 'XML',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf',
      SignatureVersion: '1.0',
      Timestamp: '2016-02-23T12:46:24Z',
      Version: '2014-05-26',
    };
    expect(rpcSignature('GET', params, 'testsecret')).toBe('OLeaidS1JvxuMvnyHOwuJ+uX5qY=');
  });
});

describe.each(backends())('course and solution videos (local provider) on $name', (backend) => {
  let ts: TestServer;
  let c: RoleClients;
  let member: Client;
  let courseId: number;
  let preview: number;
  let locked: number;
  let pid: number;

  beforeAll(async () => {
    ts = await startTestServer(backend);
    c = await roleClients(ts, 'vid');
    const m = await ts.register('vid_member');
    member = m.client;
    const saved = await c.admin.post<{ course_id: number }>(`${C}/admin/add`, {
      title: '视频课',
      price_fen: 500,
      sections: [
        {
          title: '一',
          lessons: [
            { title: '试看', content: 'a' },
            { title: '正课', content: 'b' },
          ],
        },
      ],
    });
    courseId = saved.data.course_id;
    await c.admin.post(`${C}/admin/user/set`, { course_id: courseId, uuids: [m.uuid], enrolled: true });
    const d = await c.admin.get<CourseDetail>(`${C}/search/courseId?CourseId=${courseId}`);
    [preview, locked] = d.data.sections[0].lessons.map((l) => l.id);
    pid = (await c.admin.post<{ problem_id: number }>('/api/problem/algorithm/admin/add', problemBody())).data
      .problem_id;
  }, 60_000);
  afterAll(() => ts?.close());

  const play = (cl: Client, lesson: number) =>
    cl.get<VideoPlay & { provider: 'local' }>(`${C}/lesson/video?lesson_id=${lesson}`);

  it('only admins upload, only MP4 or WebM', async () => {
    const path = `${C}/admin/lesson/video?lesson_id=${locked}`;
    expect((await uploadVideo(c.anon, path, VIDEO)).code).toBe(40101);
    expect((await uploadVideo(member, path, VIDEO)).code).toBe(40300);
    const text = await uploadVideo(c.admin, path, Buffer.from('not a video at all'), 'x.mp4');
    expect([text.status, text.message]).toEqual([400, '只支持 MP4 或 WebM 视频']);
    const up = await uploadVideo(c.admin, path, VIDEO);
    expect(up.code, up.message).toBe(0);
    expect(up.data.has_poster).toBe(false); // no ffmpeg on this machine: skipped silently
    expect((await uploadVideo(c.admin, `${C}/admin/lesson/video?lesson_id=${preview}`, VIDEO)).code).toBe(0);
  });

  it('a play URL is issued after the membership check; the preview lesson plays for everyone', async () => {
    for (const cl of [c.anon, c.user, c.banned]) {
      const r = await play(cl, locked);
      expect(r.status).toBe(404);
      expect(JSON.stringify(r.data ?? '')).not.toContain('/api/video/play');
    }
    expect((await play(c.anon, preview)).data.provider).toBe('local');
    const d = await c.user.get<CourseDetail>(`${C}/search/courseId?CourseId=${courseId}`);
    expect(d.data.sections[0].lessons.map((l) => l.has_video)).toEqual([true, false]);
    const mine = await play(member, locked);
    expect(mine.code).toBe(0);
    expect(mine.data.url).toMatch(/^\/api\/video\/play\/[a-f0-9]{32}\.mp4\?exp=\d+&sig=/);
    expect(Date.parse(mine.data.expires_at) - Date.now()).toBeLessThanOrEqual(30 * 60_000);
    expect((await play(c.admin, locked)).code).toBe(0);
  });

  it('serves ranges (206, Content-Range), the whole file, and 416 past the end', async () => {
    const { url } = (await play(member, locked)).data;
    const get = (range?: string) => fetch(ts.url + url, { headers: range ? { range } : {} });
    const whole = await get();
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await whole.arrayBuffer()).equals(VIDEO)).toBe(true);
    const head = await get('bytes=0-9');
    expect([head.status, head.headers.get('content-range'), head.headers.get('content-length')]).toEqual([
      206,
      'bytes 0-9/1000',
      '10',
    ]);
    expect(Buffer.from(await head.arrayBuffer()).equals(VIDEO.subarray(0, 10))).toBe(true);
    const tail = await get('bytes=-5');
    expect(tail.headers.get('content-range')).toBe('bytes 995-999/1000');
    expect(Buffer.from(await tail.arrayBuffer()).equals(VIDEO.subarray(995))).toBe(true);
    const open = await get('bytes=990-');
    expect((await open.arrayBuffer()).byteLength).toBe(10);
    const past = await get('bytes=1000-');
    expect([past.status, past.headers.get('content-range')]).toEqual([416, 'bytes */1000']);
  });

  it('refuses forged, tampered and expired signatures', async () => {
    const { url } = (await play(member, locked)).data;
    const u = new URL(ts.url + url);
    const name = u.pathname.split('/').pop()!;
    const exp = Number(u.searchParams.get('exp'));
    const sig = u.searchParams.get('sig')!;
    const at = (n: string, e: number, s: string) =>
      fetch(`${ts.url}/api/video/play/${n}?exp=${e}&sig=${encodeURIComponent(s)}`);
    expect((await at(name, exp, sig)).status).toBe(200);
    expect((await at(name, exp, `${sig.slice(0, -2)}AA`)).status).toBe(403);
    // A later expiry with the old signature.
    expect((await at(name, exp + 3600, sig)).status).toBe(403);
    expect((await at(name, exp, '')).status).toBe(403);
    // Expired, correctly signed with the server's own key.
    const key = ts.server.ctx.keys.videoUrlKey;
    const old = Math.floor(Date.now() / 1000) - 1;
    const expired = await at(
      name,
      old,
      createHmac('sha256', key).update(`${name}:${old}`).digest('base64url'),
    );
    expect(expired.status).toBe(403);
    expect(((await expired.json()) as { message: string }).message).toBe('视频链接已过期，请刷新页面');
    expect((await at('../../keys/video-url.key', exp, sig)).status).toBe(404);
  });

  it('removing a lesson deletes its stored video', async () => {
    const dir = join(ts.dataDir, 'videos');
    const { url } = (await play(member, locked)).data;
    const name = new URL(ts.url + url).pathname.split('/').pop()!;
    expect(readdirSync(dir)).toContain(name);
    const saved = await c.admin.post(`${C}/admin/add`, {
      course_id: courseId,
      title: '视频课',
      price_fen: 500,
      sections: [{ title: '一', lessons: [{ id: preview, title: '试看', content: 'a' }] }],
    });
    expect(saved.code, saved.message).toBe(0);
    expect(readdirSync(dir)).not.toContain(name);
    expect((await fetch(ts.url + url)).status).toBe(404);
    expect((await play(c.anon, preview)).code).toBe(0);
  });

  it('aliyun/vod answers a signed local URL of the solution video with the local provider', async () => {
    const vod = (cl: Client) =>
      cl.get<VideoPlay & { provider: 'local' }>(`/api/problem/algorithm/aliyun/vod?problem_id=${pid}`);
    expect((await vod(member)).status).toBe(404);
    const path = `/api/video/admin/problem/upload?problem_id=${pid}`;
    expect((await uploadVideo(member, path, VIDEO)).code).toBe(40300);
    expect((await uploadVideo(c.admin, path, VIDEO)).code).toBe(0);
    expect((await vod(c.anon)).code).toBe(40101);
    const r = await vod(member);
    expect(r.data.provider).toBe('local');
    expect((await fetch(ts.url + r.data.url, { headers: { range: 'bytes=4-7' } })).status).toBe(206);
  });

  it('issue 22 item 2: the solution video follows the gate of the solution posts', async () => {
    const vod = (cl: Client) => cl.get<VideoPlay>(`/api/problem/algorithm/aliyun/vod?problem_id=${pid}`);
    const LOCKED = [403, '本题所在的比赛正在进行，题解和问答在比赛结束后可见'];
    // A participant of a running (user's) contest that lists the problem: refused, like its posts.
    const { client: maker } = await ts.register('vid_maker');
    const made = await maker.post<{ competition_id: number }>('/api/competition/user/add', {
      name: '视频赛',
      description: '',
      type: 1,
      start_time: new Date(Date.now() - 60_000).toISOString(),
      end_time: new Date(Date.now() + 3_600_000).toISOString(),
      problems: [{ problem_id: pid }],
    });
    expect(made.code).toBe(0);
    expect((await member.post(`/api/competition/join?competition_id=${made.data.competition_id}`)).code).toBe(0);
    const refused = await vod(member);
    expect([refused.status, refused.message]).toEqual(LOCKED);
    const posts = await member.post(`/api/posts/post/answer/problemId?problem_id=${pid}&status=1&pageNum=1`);
    expect([posts.status, posts.message]).toEqual(LOCKED);
    // Others (the contest's maker included) still play it; so does an admin.
    for (const who of [maker, c.user, c.admin]) expect((await vod(who)).code).toBe(0);
    await c.admin.post(`/api/competition/admin/delete?competition_id=${made.data.competition_id}`);
    expect((await vod(member)).code).toBe(0);
    // The after-AC policy: no video before an AC, as no solution post.
    await c.admin.post(`/api/posts/policy/set?problem_id=${pid}&policy=after_ac`);
    const policy = await vod(c.user);
    expect([policy.status, policy.message]).toEqual([403, '通过本题后才能查看题解']);
    expect((await vod(c.admin)).code).toBe(0);
    await c.admin.post(`/api/posts/policy/set?problem_id=${pid}&policy=all`);
  });
});

describe('aliyun/vod against a fake VOD endpoint', () => {
  const SECRET = 'test-secret-kYg';
  const seen: URLSearchParams[] = [];
  let fake: Server;
  let ts: TestServer;
  let c: RoleClients;

  beforeAll(async () => {
    // Checks the RPC signature the way Aliyun does: recompute it from the other parameters.
    fake = createServer((req, res) => {
      const q = new URL(req.url!, 'http://x').searchParams;
      seen.push(q);
      const params: Record<string, string> = {};
      for (const [k, v] of q) if (k !== 'Signature') params[k] = v;
      const good =
        q.get('AccessKeyId') === 'test-key-id' &&
        q.get('SignatureMethod') === 'HMAC-SHA1' &&
        q.get('Signature') === rpcSignature('GET', params, SECRET);
      res.setHeader('content-type', 'application/json');
      if (!good) {
        res.statusCode = 400;
        res.end(JSON.stringify({ Code: 'SignatureDoesNotMatch', Message: 'bad signature' }));
        return;
      }
      res.end(
        JSON.stringify({
          RequestId: 'r1',
          PlayAuth: `auth-for-${q.get('VideoId')}`,
          VideoMeta: {
            VideoId: q.get('VideoId'),
            Title: '讲解 & 题解',
            CoverURL: 'https://img.example/c.jpg',
            Duration: 12,
          },
        }),
      );
    });
    await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
    const endpoint = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
    ts = await startTestServer(backends()[0], {
      env: {
        OJ_ALIYUN_ACCESS_KEY_ID: 'test-key-id',
        OJ_ALIYUN_ACCESS_KEY_SECRET: SECRET,
        OJ_ALIYUN_VOD_ENDPOINT: endpoint,
      },
    });
    c = await roleClients(ts, 'ali');
  }, 60_000);
  afterAll(async () => {
    await ts?.close();
    fake?.close();
  });

  it('answers a play auth from GetVideoPlayAuth, signed per the RPC protocol', async () => {
    const set = await c.admin.post('/api/video/admin/problem/aliyun', {
      problem_id: 1000,
      video_id: 'vid+1 *~x',
    });
    expect(set.code, set.message).toBe(0);
    const r = await c.user.get<VideoPlay>('/api/problem/algorithm/aliyun/vod?problem_id=1000');
    expect(r.code, r.message).toBe(0);
    expect(r.data).toEqual({
      provider: 'aliyun',
      video_id: 'vid+1 *~x',
      play_auth: 'auth-for-vid+1 *~x',
      title: '讲解 & 题解',
      cover: 'https://img.example/c.jpg',
    });
    const q = seen[seen.length - 1];
    expect([q.get('Action'), q.get('Version'), q.get('Format'), q.get('SignatureVersion')]).toEqual([
      'GetVideoPlayAuth',
      '2017-03-21',
      'JSON',
      '1.0',
    ]);
    expect(q.get('Timestamp')).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    // A second call uses a new nonce.
    await c.user.get('/api/problem/algorithm/aliyun/vod?problem_id=1000');
    expect(seen[seen.length - 1].get('SignatureNonce')).not.toBe(q.get('SignatureNonce'));
  });

  it('a refused signature is an error for the caller, not a play auth', async () => {
    const bad = await startTestServer(backends()[0], {
      env: {
        OJ_ALIYUN_ACCESS_KEY_ID: 'test-key-id',
        OJ_ALIYUN_ACCESS_KEY_SECRET: 'wrong',
        OJ_ALIYUN_VOD_ENDPOINT: `http://127.0.0.1:${(fake.address() as AddressInfo).port}`,
      },
    });
    try {
      const bc = await roleClients(bad, 'ali2');
      await bc.admin.post('/api/video/admin/problem/aliyun', { problem_id: 1000, video_id: 'v1' });
      const r = await bc.user.get('/api/problem/algorithm/aliyun/vod?problem_id=1000');
      expect([r.status, r.message]).toEqual([503, '视频服务拒绝了请求（SignatureDoesNotMatch）']);
    } finally {
      await bad.close();
    }
  });
});
