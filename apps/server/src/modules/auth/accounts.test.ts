import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, TEST_PASSWORD, type TestServer } from '../../../test/helpers';

describe.each(backends())('accounts on $name', (backend) => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer(backend);
  });
  afterAll(() => ts?.close());

  it('answers the anonymous user with uuid -1, role 0 and default pictures', async () => {
    const res = await ts.client().get<Record<string, unknown>>('/api/user/current');
    expect(res.status).toBe(200);
    expect(res.code).toBe(0);
    expect(res.data.uuid).toBe(-1);
    expect(res.data.role).toBe(0);
    expect(String(res.data.avatar)).toMatch(/^\/api\/files\/[a-f0-9]{64}\.png$/);
    expect(String(res.data.background_picture)).toMatch(/^\/api\/files\//);
  });

  it('serves a PEM public key on any method', async () => {
    const get = await ts.client().get<string>('/api/getPublicKey');
    const post = await ts.client().post<string>('/api/getPublicKey');
    expect(get.data).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    expect(post.data).toBe(get.data);
  });

  it('registers with an e-mailed code, logs in, never shows the hash, logs out', async () => {
    const { client, uuid } = await ts.register('alice_1');
    const me = await client.get<Record<string, unknown>>('/api/user/current');
    expect(me.data).toMatchObject({
      uuid,
      account: 'alice_1',
      username: 'alice_1',
      role: 1,
      email: 'alice_1@example.com',
    });
    expect(JSON.stringify(me.data)).not.toMatch(/argon2|password/);
    const cookie = me.headers.get('set-cookie');
    expect(cookie === null || !/oj_session=;/.test(cookie)).toBe(true);

    expect((await client.post('/api/user/logout')).code).toBe(0);
    expect((await client.get<{ uuid: number }>('/api/user/current')).data.uuid).toBe(-1);

    // by account and by e-mail
    const byAccount = await ts.login('alice_1', TEST_PASSWORD);
    expect((await byAccount.get<{ uuid: number }>('/api/user/current')).data.uuid).toBe(uuid);
    const byEmail = await ts.login('ALICE_1@example.com', TEST_PASSWORD);
    expect((await byEmail.get<{ uuid: number }>('/api/user/current')).data.uuid).toBe(uuid);
  });

  it('sets an httpOnly SameSite=Lax session cookie', async () => {
    await ts.register('cookie_1');
    const c = ts.client();
    const res = await c.request('POST', '/api/user/login', {
      json: { account: 'cookie_1', password: await ts.encrypt(TEST_PASSWORD) },
    });
    const set = res.headers.getSetCookie().find((s) => s.startsWith('oj_session='))!;
    expect(set).toMatch(/HttpOnly/i);
    expect(set).toMatch(/SameSite=Lax/i);
    expect(set).toMatch(/Path=\//);
  });

  it('refuses a wrong password and an unknown account with the same message', async () => {
    await ts.register('bob_1');
    const c = ts.client();
    const wrong = await c.post('/api/user/login', {
      account: 'bob_1',
      password: await ts.encrypt('not-the-password'),
    });
    const unknown = await c.post('/api/user/login', {
      account: 'nobody_here',
      password: await ts.encrypt('whatever1'),
    });
    expect(wrong.status).toBe(401);
    expect(wrong.code).toBe(40102);
    expect(unknown.message).toBe(wrong.message);
    expect(wrong.message).toBe('账号或密码错误');
  });

  it('names the field in validation errors', async () => {
    const c = ts.client();
    const enc = await ts.encrypt(TEST_PASSWORD);
    const cases: [unknown, RegExp][] = [
      [{ email: 'x@example.com', code: '123456', password: enc, check_password: enc }, /^账号/],
      [
        { account: 'ab', email: 'x@example.com', code: '123456', password: enc, check_password: enc },
        /^账号只能由/,
      ],
      [
        { account: 'good_name', email: 'not-an-email', code: '123456', password: enc, check_password: enc },
        /^邮箱格式不正确/,
      ],
      [
        { account: 'good_name', email: 'x@example.com', code: '12', password: enc, check_password: enc },
        /^验证码必须是 6 位数字/,
      ],
      [{ account: 'good_name', email: 'x@example.com', code: '123456', check_password: enc }, /^密码/],
    ];
    for (const [body, field] of cases) {
      const res = await c.post('/api/user/register', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.code).toBe(40000);
      expect(res.message).toMatch(field);
    }
    const q = await c.post('/api/user/email/send?receiveEmail=bad');
    expect(q.status).toBe(400);
    expect(q.message).toMatch(/^邮箱/);
    const badJson = await c.request('POST', '/api/user/login', {
      body: '{nope',
      headers: { 'content-type': 'application/json' },
    });
    expect(badJson.status).toBe(400);
    expect(badJson.message).toMatch(/JSON/);
  });

  it('checks the decrypted password: confirmation, length, undecryptable ciphertext, each with data.field', async () => {
    const c = ts.client();
    const email = 'pw_rules@example.com';
    await c.post(`/api/user/email/send?receiveEmail=${email}`);
    const code = ts.outboxCode(email);
    const mismatch = await c.post('/api/user/register', {
      account: 'pw_rules',
      email,
      code,
      password: await ts.encrypt('abcdef1'),
      check_password: await ts.encrypt('abcdef2'),
    });
    expect(mismatch).toMatchObject({ message: '两次输入的密码不一致', data: { field: 'check_password' } });
    const short = await c.post('/api/user/register', {
      account: 'pw_rules',
      email,
      code,
      password: await ts.encrypt('abc'),
      check_password: await ts.encrypt('abc'),
    });
    expect(short.message).toMatch(/^密码长度/);
    expect(short.data).toEqual({ field: 'password' });
    const garbage = await c.post('/api/user/register', {
      account: 'pw_rules',
      email,
      code,
      password: 'aGVsbG8=',
      check_password: 'aGVsbG8=',
    });
    expect(garbage.status).toBe(400);
    expect(garbage.message).toMatch(/^密码解密失败/);
    expect(garbage.data).toEqual({ field: 'password' });
    const badCheck = await c.post('/api/user/register', {
      account: 'pw_rules',
      email,
      code,
      password: await ts.encrypt(TEST_PASSWORD),
      check_password: 'aGVsbG8=',
    });
    expect(badCheck).toMatchObject({ status: 400, message: '确认密码解密失败，请刷新页面后重试' });
    expect(badCheck.data).toEqual({ field: 'check_password' });
    const login = await ts.client().post('/api/user/login', { account: 'pw_rules', password: 'aGVsbG8=' });
    expect(login).toMatchObject({ status: 400, message: '密码解密失败，请刷新页面后重试' });
    expect(login.data).toEqual({ field: 'password' });
    // The code was not spent by the refused attempts.
    const enc = await ts.encrypt(TEST_PASSWORD);
    expect(
      (
        await c.post('/api/user/register', {
          account: 'pw_rules',
          email,
          code,
          password: enc,
          check_password: enc,
        })
      ).code,
    ).toBe(0);
  });

  it('uses each code once, refuses a wrong code, and refuses duplicate accounts and e-mails', async () => {
    const c = ts.client();
    const email = 'once@example.com';
    await c.post(`/api/user/email/send?receiveEmail=${email}`);
    const code = ts.outboxCode(email);
    const enc = await ts.encrypt(TEST_PASSWORD);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const bad = await c.post('/api/user/register', {
      account: 'once_1',
      email,
      code: wrongCode,
      password: enc,
      check_password: enc,
    });
    expect(bad).toMatchObject({ message: '验证码错误或已过期，请重新获取', data: { field: 'code' } });
    expect(
      (
        await c.post('/api/user/register', {
          account: 'once_1',
          email,
          code,
          password: enc,
          check_password: enc,
        })
      ).code,
    ).toBe(0);
    const again = await ts.client().post('/api/user/login/email', { email, code });
    expect(again.code).not.toBe(0);
    expect(again.message).toBe('验证码错误或已过期，请重新获取');
    const dupAccount = await ts.client().post('/api/user/register', {
      account: 'once_1',
      email: 'other@example.com',
      code,
      password: enc,
      check_password: enc,
    });
    expect(dupAccount.message).toMatch(/^账号「once_1」已被注册/);
    expect(dupAccount.data).toEqual({ field: 'account' });
  });

  it('allows five wrong guesses, then refuses even the right code', async () => {
    const { email } = await ts.register('guesser');
    const c = ts.client();
    await c.post(`/api/user/email/send?receiveEmail=${email}`);
    const code = ts.outboxCode(email);
    const wrong = code === '999999' ? '000000' : '999999';
    for (let i = 0; i < 5; i++)
      expect((await c.post('/api/user/login/email', { email, code: wrong })).status).toBe(400);
    expect((await c.post('/api/user/login/email', { email, code })).status).toBe(400);
  });

  it('answers an unregistered address like a wrong code when logging in by e-mail', async () => {
    const { email } = await ts.register('mail_probe');
    const unknown = await ts
      .client()
      .post('/api/user/login/email', { email: 'nobody@example.com', code: '123456' });
    const wrong = await ts.client().post('/api/user/login/email', { email, code: '123456' });
    expect(unknown).toMatchObject({ status: 400, message: '验证码错误或已过期，请重新获取' });
    expect(unknown.message).toBe(wrong.message);
    expect(unknown.code).toBe(wrong.code);
  });

  it('logs in with an e-mailed code', async () => {
    const { uuid, email } = await ts.register('mail_login');
    const c = ts.client();
    await c.post(`/api/user/email/send?receiveEmail=${email}`);
    const res = await c.post<{ uuid: number }>('/api/user/login/email', {
      email,
      code: ts.outboxCode(email),
    });
    expect(res.code).toBe(0);
    expect(res.data.uuid).toBe(uuid);
    expect((await c.get<{ uuid: number }>('/api/user/current')).data.uuid).toBe(uuid);
  });

  it('resets the password with getBack and ends the other sessions', async () => {
    const { client: first, email } = await ts.register('reset_me');
    const second = await ts.login('reset_me', TEST_PASSWORD);
    await ts.client().post(`/api/user/email/send?receiveEmail=${email}`);
    const enc = await ts.encrypt('brand-new-pass');
    const wrongOwner = await ts.client().post('/api/user/getBack', {
      account: 'alice_1',
      email,
      code: '123456',
      password: enc,
      check_password: enc,
    });
    // Answered like a wrong code: the account's address is not told to who cannot read its mail.
    const wrongCode = await ts.client().post('/api/user/getBack', {
      account: 'reset_me',
      email,
      code: ts.outboxCode(email) === '000000' ? '111111' : '000000',
      password: enc,
      check_password: enc,
    });
    const unknown = await ts.client().post('/api/user/getBack', {
      account: 'nobody_at_all',
      email,
      code: '123456',
      password: enc,
      check_password: enc,
    });
    for (const res of [wrongOwner, unknown, wrongCode]) {
      expect(res).toMatchObject({
        status: 400,
        message: '验证码错误或已过期，请重新获取',
        data: { field: 'code' },
      });
    }
    const res = await first.post('/api/user/getBack', {
      account: 'reset_me',
      email,
      code: ts.outboxCode(email),
      password: enc,
      check_password: enc,
    });
    expect(res.code).toBe(0);
    // the session that asked stays; the other one ended
    expect((await first.get<{ uuid: number }>('/api/user/current')).data.uuid).toBeGreaterThan(0);
    expect((await second.get<{ uuid: number }>('/api/user/current')).data.uuid).toBe(-1);
    await expect(ts.login('reset_me', TEST_PASSWORD)).rejects.toThrow();
    await ts.login('reset_me', 'brand-new-pass');
  });

  it('admin login is for admins only', async () => {
    await ts.register('plain_user');
    const c = ts.client();
    const refused = await c.post('/api/user/admin/login', {
      account: 'plain_user',
      password: await ts.encrypt(TEST_PASSWORD),
    });
    expect(refused.status).toBe(403);
    expect(refused.message).toMatch(/管理员/);
    const ok = await c.post<{ role: number; is_boss: boolean }>('/api/user/admin/login', {
      account: ts.admin.account,
      password: await ts.encrypt(ts.admin.password),
    });
    expect(ok.code).toBe(0);
    expect(ok.data).toMatchObject({ role: 2, is_boss: true });
  });

  it('seeds the boss and the demo users once', async () => {
    const boss = await ts.login(ts.admin.account, ts.admin.password);
    const admins = await boss.post<{ account: string }[]>('/api/user/BOSS/get');
    expect(admins.data.map((a) => a.account)).toContain('boss');
    await ts.login('demo_alice', 'demo123456');
  });
});

describe('rate limits', () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer(backends()[backends().length - 1], {
      rateLimits: {
        login: { max: 3, windowMs: 60_000 },
        emailPerAddress: { max: 1, windowMs: 60_000 },
        emailPerIp: { max: 3, windowMs: 60_000 },
        register: { max: 2, windowMs: 60_000 },
      },
    });
  });
  afterAll(() => ts?.close());

  it('limits code sending per address and per IP with a 429 in Chinese', async () => {
    const c = ts.client();
    expect((await c.post('/api/user/email/send?receiveEmail=rl1@example.com')).code).toBe(0);
    const again = await c.post('/api/user/email/send?receiveEmail=rl1@example.com');
    expect(again.status).toBe(429);
    expect(again.code).toBe(42900);
    expect(again.message).toMatch(/频繁/);
    expect((await c.post('/api/user/email/send?receiveEmail=rl2@example.com')).code).toBe(0);
    expect((await c.post('/api/user/email/send?receiveEmail=rl3@example.com')).code).toBe(0);
    // three sends from this IP within the window: a fourth address is refused
    const perIp = await c.post('/api/user/email/send?receiveEmail=rl4@example.com');
    expect(perIp.status).toBe(429);
    expect(perIp.message).toMatch(/频繁/);
  });

  it('limits registrations', async () => {
    const c = ts.client();
    const enc = await ts.encrypt(TEST_PASSWORD);
    const body = {
      account: 'rate_reg',
      email: 'rate_reg@example.com',
      code: '123456',
      password: enc,
      check_password: enc,
    };
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await c.post('/api/user/register', body)).status);
    expect(statuses).toEqual([400, 400, 429]);
  });

  it('limits login attempts', async () => {
    const c = ts.client();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push(
        (await c.post('/api/user/login', { account: 'someone', password: await ts.encrypt('wrong-pass') }))
          .status,
      );
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses.slice(3)).toEqual([429, 429]);
  });
});
