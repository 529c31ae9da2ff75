import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type Client, startTestServer, type TestServer } from '../../../test/helpers';

/**
 * A tiny OAuth2 provider speaking the GitHub and QQ Connect protocols: authorize redirect with
 * state, code-for-token exchange (checking client secret, code and redirect_uri) and user info.
 */
function fakeProvider() {
  const codes = new Map<string, { redirectUri: string; user: string }>();
  const tokens = new Map<string, string>();
  let nextUser = 'octocat';
  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let s = '';
      req.on('data', (d: Buffer) => (s += d.toString()));
      req.on('end', () => resolve(s));
    });
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    // authorize (both protocols): the user "approves" at once
    if (url.pathname === '/login/oauth/authorize' || url.pathname === '/oauth2.0/authorize') {
      const code = `code-${Math.random().toString(36).slice(2)}`;
      codes.set(code, { redirectUri: url.searchParams.get('redirect_uri')!, user: nextUser });
      const back = new URL(url.searchParams.get('redirect_uri')!);
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state')!);
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    const redeem = (clientId: string, secret: string, code: string, redirectUri: string) => {
      const c = codes.get(code);
      codes.delete(code);
      if (clientId !== 'cid' || secret !== 'csecret' || !c || c.redirectUri !== redirectUri) return null;
      const token = `tok-${Math.random().toString(36).slice(2)}`;
      tokens.set(token, c.user);
      return token;
    };
    if (url.pathname === '/login/oauth/access_token' && req.method === 'POST') {
      const b = JSON.parse(await read(req)) as Record<string, string>;
      const token = redeem(b.client_id, b.client_secret, b.code, b.redirect_uri);
      return token
        ? json(200, { access_token: token, token_type: 'bearer', scope: 'read:user' })
        : json(200, { error: 'bad_verification_code' });
    }
    if (url.pathname === '/user') {
      const user = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
      return user
        ? json(200, {
            id: user.length * 1000 + 7,
            login: user,
            name: `The ${user}`,
            email: `${user}@github.example`,
            avatar_url: '',
          })
        : json(401, { message: 'Bad credentials' });
    }
    const q = url.searchParams;
    if (url.pathname === '/oauth2.0/token') {
      const token = redeem(
        q.get('client_id')!,
        q.get('client_secret')!,
        q.get('code')!,
        q.get('redirect_uri')!,
      );
      return token
        ? json(200, { access_token: token, expires_in: 7776000 })
        : json(200, { error: 100019, error_description: 'code to access token error' });
    }
    if (url.pathname === '/oauth2.0/me') {
      const user = tokens.get(q.get('access_token')!);
      return user ? json(200, { client_id: 'cid', openid: `OPENID_${user}` }) : json(200, { error: 100016 });
    }
    if (url.pathname === '/user/get_user_info') {
      const user = tokens.get(q.get('access_token')!);
      if (!user || q.get('oauth_consumer_key') !== 'cid' || q.get('openid') !== `OPENID_${user}`)
        return json(200, { ret: -1, msg: 'bad' });
      return json(200, { ret: 0, nickname: `QQ${user}`, figureurl_qq_2: '' });
    }
    json(404, {});
  });
  return {
    server,
    setUser: (u: string) => (nextUser = u),
  };
}

/** Follows the browser's path: our login → provider authorize → our callback → the site. */
async function browserLogin(ts: TestServer, client: Client, startPath: string): Promise<string> {
  const start = await client.request('GET', startPath);
  expect(start.status).toBe(302);
  const authorize = start.headers.get('location')!;
  const atProvider = await fetch(authorize, { redirect: 'manual' });
  expect(atProvider.status).toBe(302);
  const callback = new URL(atProvider.headers.get('location')!);
  expect(callback.origin).toBe(ts.url);
  const done = await client.request('GET', callback.pathname + callback.search);
  expect(done.status).toBe(302);
  return done.headers.get('location')!;
}

describe.each(backends())('OAuth login on $name', (backend) => {
  let ts: TestServer;
  const fake = fakeProvider();
  let base = '';
  beforeAll(async () => {
    await new Promise<void>((r) => fake.server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
    ts = await startTestServer(backend, {
      configure(c) {
        c.github = { clientId: 'cid', clientSecret: 'csecret', baseUrl: base, apiUrl: base };
        c.qq = { clientId: 'cid', clientSecret: 'csecret', baseUrl: base, apiUrl: base };
      },
    });
  });
  afterAll(async () => {
    await ts?.close();
    fake.server.close();
  });

  it('lists the enabled providers', async () => {
    expect((await ts.client().get<string[]>('/api/user/oauth/providers')).data.sort()).toEqual([
      'github',
      'qq',
    ]);
  });

  it('redirects to the provider with client id, redirect uri and state', async () => {
    const res = await ts.client().request('GET', '/api/user/github/login');
    const loc = new URL(res.headers.get('location')!);
    expect(loc.origin + loc.pathname).toBe(`${base}/login/oauth/authorize`);
    expect(loc.searchParams.get('client_id')).toBe('cid');
    expect(loc.searchParams.get('redirect_uri')).toBe(`${ts.url}/api/user/oauth/github/callback`);
    expect(loc.searchParams.get('state')!.length).toBeGreaterThan(20);
  });

  it('creates an account on the first GitHub login and finds it again on the next', async () => {
    fake.setUser('octocat');
    const c = ts.client();
    expect(await browserLogin(ts, c, '/api/user/github/login')).toBe(`${ts.url}/user`);
    const me = await c.get<{ uuid: number; account: string; username: string; email: string }>(
      '/api/user/current',
    );
    expect(me.data).toMatchObject({
      account: 'github_octocat',
      username: 'The octocat',
      email: 'octocat@github.example',
    });
    const again = ts.client();
    await browserLogin(ts, again, '/api/user/github/login');
    expect((await again.get<{ uuid: number }>('/api/user/current')).data.uuid).toBe(me.data.uuid);
  });

  it('logs in through QQ (token, openid, user info)', async () => {
    fake.setUser('penguin');
    const c = ts.client();
    expect(await browserLogin(ts, c, '/api/user/QQ/login')).toBe(`${ts.url}/user`);
    const me = await c.get<{ account: string; username: string }>('/api/user/current');
    expect(me.data.username).toBe('QQpenguin');
    expect(me.data.account).toMatch(/^qq_/);
  });

  it('links the identity to the user who is logged in', async () => {
    fake.setUser('linker');
    const { client, uuid } = await ts.register('link_me');
    await browserLogin(ts, client, '/api/user/github/login');
    const fresh = ts.client();
    await browserLogin(ts, fresh, '/api/user/github/login');
    expect((await fresh.get<{ uuid: number }>('/api/user/current')).data.uuid).toBe(uuid);
  });

  it('refuses a callback whose state does not match (CSRF) and a forged code', async () => {
    const c = ts.client();
    await c.request('GET', '/api/user/github/login');
    const forged = await c.request('GET', '/api/user/oauth/github/callback?code=x&state=forged');
    expect(forged.status).toBe(302);
    expect(forged.headers.get('location')).toMatch(/\/user\/login\?oauth_error=/);
    const start = await c.request('GET', '/api/user/github/login');
    const state = new URL(start.headers.get('location')!).searchParams.get('state')!;
    const badCode = await c.request('GET', `/api/user/oauth/github/callback?code=not-issued&state=${state}`);
    expect(badCode.headers.get('location')).toMatch(/oauth_error=/);
    expect((await c.get<{ uuid: number }>('/api/user/current')).data.uuid).toBe(-1);
  });
});

describe('OAuth not configured', () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer(backends()[0]);
  });
  afterAll(() => ts?.close());
  it('has no providers and answers 404 to the login routes', async () => {
    expect((await ts.client().get<string[]>('/api/user/oauth/providers')).data).toEqual([]);
    const res = await ts.client().get('/api/user/QQ/login');
    expect(res.status).toBe(404);
    expect(res.message).toMatch(/QQ 登录未启用/);
  });
});
