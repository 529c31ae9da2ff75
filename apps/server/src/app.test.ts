import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptPassword } from '@oj/shared';
import { startServer } from './index';
import { backends, Client, startTestServer, type TestServer } from '../test/helpers';

describe.each(backends())('server core on $name', (backend) => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer(backend);
  });
  afterAll(() => ts?.close());

  it('answers health with code 0', async () => {
    const res = await ts.client().get<{ status: string; database: string }>('/api/health');
    expect(res).toMatchObject({
      status: 200,
      code: 0,
      data: {
        status: 'ok',
        database: backend.databaseUrl ? 'postgres' : 'sqlite',
        sessions: backend.redisUrl ? 'redis' : 'database',
      },
    });
  });

  it('marks API answers as not cacheable and not sniffable', async () => {
    const res = await fetch(`${ts.url}/api/user/current`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers unknown API paths with a 404 envelope in Chinese', async () => {
    const res = await ts.client().post('/api/does/not/exist');
    expect(res.status).toBe(404);
    expect(res.code).toBe(40400);
    expect(res.message).toMatch(/不存在/);
  });

  it('exports Prometheus metrics with request counts and latency to admins only', async () => {
    await ts.client().get('/api/health');
    const anonymous = await ts.client().get('/metrics');
    expect(anonymous).toMatchObject({ status: 401, code: 40101 });
    const user = (await ts.register('metrics_peek')).client;
    expect(await user.get('/metrics')).toMatchObject({ status: 403, message: '需要管理员权限' });
    const admin = await ts.login(ts.admin.account, ts.admin.password);
    const res = await admin.get<string>('/metrics');
    expect(res.status).toBe(200);
    const text = res.data;
    expect(text).toMatch(/^# TYPE http_requests_total counter$/m);
    expect(text).toMatch(/^http_requests_total\{method="GET",route="\/api\/health",status="200"\} \d+$/m);
    expect(text).toMatch(
      /^http_request_duration_seconds_bucket\{method="GET",route="\/api\/health",le="\+Inf"\} \d+$/m,
    );
    expect(text).toMatch(/^process_resident_memory_bytes \d+$/m);
  });

  it('serves OpenAPI generated from the zod schemas at /api/docs', async () => {
    const doc = (await (await fetch(`${ts.url}/api/docs/json`)).json()) as {
      openapi: string;
      paths: Record<
        string,
        Record<
          string,
          { requestBody?: { content: Record<string, { schema: { properties: Record<string, unknown> } }> } }
        >
      >;
    };
    expect(doc.openapi).toMatch(/^3\./);
    const register = doc.paths['/api/user/register'].post;
    expect(Object.keys(register.requestBody!.content['application/json'].schema.properties)).toEqual([
      'account',
      'email',
      'code',
      'password',
      'check_password',
    ]);
    expect(doc.paths['/api/user/admin/ban']).toBeDefined();
    const ui = await fetch(`${ts.url}/api/docs`, { redirect: 'follow' });
    expect(ui.status).toBe(200);
    expect(await ui.text()).toMatch(/swagger/i);
  });

  it('says in Chinese that the sites are not built when dist is missing', async () => {
    const res = await fetch(`${ts.url}/problems`);
    expect(res.status).toBe(503);
    expect(await res.text()).toMatch(/站点尚未构建/);
  });
});

const BIG_JS = `export const table = [${Array.from({ length: 600 }, (_, i) => i * 7).join(', ')}];\n`;

/**
 * A GET with a chosen Accept-Encoding whose body is left as sent (fetch would decode it, and turns a
 * request with a validator into one that skips the cache).
 */
function rawGet(url: string, acceptEncoding: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    httpGet(url, { headers: { 'accept-encoding': acceptEncoding, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    }).on('error', reject);
  });
}

describe('built sites', () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer(backends()[0], { webDistDir: '/nonexistent' });
    await ts.close();
    // a dist with both entries and a hashed asset
    const dist = join(ts.dataDir + '-dist');
    mkdirSync(join(dist, 'admin'), { recursive: true });
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<html>USER SITE</html>');
    writeFileSync(join(dist, 'admin', 'index.html'), '<html>ADMIN SITE</html>');
    writeFileSync(join(dist, 'assets', 'main-abc123.js'), 'console.log(1)');
    writeFileSync(join(dist, 'assets', 'logo-abc123.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    // a larger asset with the copies `vite build` writes beside it (apps/web/precompress.ts)
    writeFileSync(join(dist, 'assets', 'big-def456.js'), BIG_JS);
    writeFileSync(join(dist, 'assets', 'big-def456.js.br'), brotliCompressSync(BIG_JS));
    writeFileSync(join(dist, 'assets', 'big-def456.js.gz'), gzipSync(BIG_JS));
    ts = await startTestServer(backends()[0], { webDistDir: dist });
  });
  afterAll(() => ts?.close());

  it('serves real files as they are, hashed assets immutable', async () => {
    const res = await fetch(`${ts.url}/assets/main-abc123.js`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('console.log(1)');
    expect(res.headers.get('cache-control')).toMatch(/immutable/);
    // Cached for good: no validators, no ranges (headers each file of a page would carry).
    for (const name of ['etag', 'last-modified', 'accept-ranges'])
      expect(res.headers.get(name), name).toBeNull();
    // The entry page is revalidated: a 304 while the build is the same.
    const page = await fetch(`${ts.url}/home`);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const etag = page.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await rawGet(`${ts.url}/problems`, 'identity', { 'if-none-match': etag! });
    expect(again.status).toBe(304);
  });

  it('sends the precompressed copy the browser accepts, and the file itself to others', async () => {
    const br = await rawGet(`${ts.url}/assets/big-def456.js`, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(BIG_JS);
    expect(br.headers['cache-control']).toMatch(/immutable/);
    expect(br.headers['content-type']).toMatch(/javascript/);
    const gz = await rawGet(`${ts.url}/assets/big-def456.js`, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(BIG_JS);
    const plain = await rawGet(`${ts.url}/assets/big-def456.js`, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(BIG_JS);
  });

  it('compresses API answers of 1 KiB and more for clients that accept gzip', async () => {
    const docs = await rawGet(`${ts.url}/api/docs/json`, 'gzip');
    expect(docs.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(docs.body).toString()).openapi).toMatch(/^3\./);
    const small = await rawGet(`${ts.url}/api/health`, 'gzip');
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('sends a Content-Security-Policy and Referrer-Policy with pages, API answers and files', async () => {
    for (const path of ['/', '/admin/', '/problems', '/api/user/current']) {
      const res = await fetch(ts.url + path);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("script-src 'self';");
      expect(csp, path).toContain("object-src 'none'");
      expect(csp, path).toContain("frame-ancestors 'self'");
      expect(csp, path).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(res.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
    }
    // The sites' scripts: no policies (not applied to a script), still typed and not sniffed.
    const script = await fetch(`${ts.url}/assets/main-abc123.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-security-policy')).toBeNull();
    expect(script.headers.get('referrer-policy')).toBeNull();
    expect(script.headers.get('x-content-type-options')).toBe('nosniff');
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    // A picture there keeps it: an SVG opened directly is a document.
    const svg = await fetch(`${ts.url}/assets/logo-abc123.svg`);
    expect(svg.headers.get('content-security-policy')).toContain("script-src 'self';");
    expect(svg.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('sends SPA routes to the user site and /admin routes to the management site', async () => {
    for (const path of ['/', '/home', '/problems/algorithm/12', '/404', '/user/space/3']) {
      const res = await fetch(ts.url + path);
      expect(res.status, path).toBe(200);
      expect(await res.text()).toBe('<html>USER SITE</html>');
    }
    for (const path of ['/admin', '/admin/', '/admin/users']) {
      const res = await fetch(ts.url + path);
      expect(res.status, path).toBe(200);
      expect(await res.text()).toBe('<html>ADMIN SITE</html>');
    }
    const api = await fetch(`${ts.url}/api/nothing`);
    expect(api.status).toBe(404);
    expect(((await api.json()) as { code: number }).code).toBe(40400);
  });
});

describe('first start and restart', () => {
  it('seeds once: the boss, demo users and built-in pictures are not duplicated; the key is kept', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'oj-seed-test-'));
    const opts = {
      port: 0,
      host: '127.0.0.1',
      dataDir,
      databaseUrl: '',
      redisUrl: '',
      smtpUrl: '',
      logLevel: 'silent',
      fastPasswordHashing: true,
      env: {},
    };
    try {
      const first = await startServer(opts);
      expect(first.adminLogin).toMatchObject({ account: 'admin', generated: true });
      expect(first.adminLogin!.password.length).toBeGreaterThanOrEqual(12);
      const key1 = (await new Client(first.url).get<string>('/api/getPublicKey')).data;
      await first.close();
      const second = await startServer(opts);
      try {
        expect(second.adminLogin).toBeNull();
        const c = new Client(second.url);
        expect((await c.get<string>('/api/getPublicKey')).data).toBe(key1);
        const login = await c.post('/api/user/login', {
          account: 'demo_alice',
          password: await encryptPassword(key1, 'demo123456'),
        });
        expect(login.code).toBe(0);
        const pics = await c.get<{ uuid: number }[]>('/api/user/picture/get');
        expect(pics.data.filter((p) => p.uuid === 0)).toHaveLength(6);
        const users = await c.post<{ total: number }>('/api/user/search', { keyword: 'demo_' });
        expect(users.data.total).toBe(2);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
