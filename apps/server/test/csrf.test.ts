import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type Client, startTestServer, TEST_PASSWORD, type TestServer } from './helpers';

// lib/csrf.ts through the real server: forged browser headers over plain HTTP (the real
// cross-origin form post in Chromium is in apps/web/test/security.test.ts).
describe.each(backends())('request forgery guard on $name', (backend) => {
  let ts: TestServer;
  let user: Client;
  beforeAll(async () => {
    ts = await startTestServer(backend, { publicUrl: 'https://oj.example.com' });
    user = (await ts.register('csrf_victim')).client;
  });
  afterAll(() => ts?.close());

  const loggedIn = async () => (await user.get<{ uuid: number }>('/api/user/current')).data.uuid > 0;

  it('refuses state-changing requests whose Origin is another origin, even same-site', async () => {
    const port = new URL(ts.url).port;
    for (const origin of [`http://127.0.0.1:${Number(port) + 1}`, 'https://evil.example', 'null']) {
      const res = await user.request('POST', '/api/user/logout', { headers: { origin } });
      expect(res, origin).toMatchObject({ status: 403, code: 40300 });
      expect(res.message).toBe('拒绝来自其他网站的请求，请在本站页面内操作');
    }
    expect(await loggedIn()).toBe(true);
  });

  it('refuses browser requests marked cross-site or same-site that carry no Origin', async () => {
    for (const site of ['cross-site', 'same-site']) {
      const res = await user.request('POST', '/api/user/logout', { headers: { 'sec-fetch-site': site } });
      expect(res, site).toMatchObject({ status: 403, code: 40300 });
    }
    expect(await loggedIn()).toBe(true);
  });

  it('refuses the simple-form content types where JSON or no body is expected', async () => {
    const cases: [string, string][] = [
      ['text/plain', '{"username":"forged"}'],
      ['application/x-www-form-urlencoded', 'username=forged'],
      [
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n',
      ],
    ];
    for (const [type, body] of cases) {
      const res = await user.request('POST', '/api/user/logout', { headers: { 'content-type': type }, body });
      expect(res, type).toMatchObject({ status: 415, code: 40000 });
      expect(res.message).toMatch(/JSON/);
    }
    expect(await loggedIn()).toBe(true);
  });

  it('lets in its own pages, OJ_PUBLIC_URL and programs without browser headers', async () => {
    const own = await user.request('GET', '/api/user/current', {
      headers: { origin: 'https://evil.example' },
    });
    expect(own.code, 'safe methods are not guarded').toBe(0);
    const sameOrigin = await user.request('POST', '/api/problem/algorithm/search/user/daily', {
      headers: { origin: ts.url, 'sec-fetch-site': 'same-origin' },
    });
    expect(sameOrigin.code).toBe(0);
    const viaPublicUrl = await user.request('POST', '/api/problem/algorithm/search/user/daily', {
      headers: { origin: 'https://oj.example.com', 'sec-fetch-site': 'cross-site' },
    });
    expect(viaPublicUrl.code).toBe(0);
    expect((await user.post('/api/problem/algorithm/search/user/daily')).code).toBe(0);
    const login = await ts.client().post('/api/user/login', {
      account: 'csrf_victim',
      password: await ts.encrypt(TEST_PASSWORD),
    });
    expect(login.headers.getSetCookie().join('\n'), 'https public address').toMatch(/; Secure/);
    expect((await user.post('/api/user/logout')).code).toBe(0);
    expect(await loggedIn()).toBe(false);
  });
});
