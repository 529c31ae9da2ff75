import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, TEST_PASSWORD, type TestServer } from '../../test/helpers';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Sliding expiry with a 3-second lifetime: a session used after half of it is extended. */
describe.each(backends())('session expiry on $name', (backend) => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer(backend, { configure: (c) => (c.sessionTtlMs = 3000) });
  });
  afterAll(() => ts?.close());

  it('slides while used and ends when idle longer than its lifetime', async () => {
    await ts.register('slider');
    const c = await ts.login('slider', TEST_PASSWORD);
    const early = await c.get<{ uuid: number }>('/api/user/current');
    expect(early.data.uuid).toBeGreaterThan(0);
    expect(early.headers.getSetCookie().some((s) => s.startsWith('oj_session='))).toBe(false);
    await sleep(1700);
    const renewed = await c.get<{ uuid: number }>('/api/user/current');
    expect(renewed.data.uuid).toBeGreaterThan(0);
    expect(
      renewed.headers.getSetCookie().some((s) => s.startsWith('oj_session=') && /Expires=/i.test(s)),
    ).toBe(true);
    await sleep(1700); // past the first lifetime: alive only because it slid
    expect((await c.get<{ uuid: number }>('/api/user/current')).data.uuid).toBeGreaterThan(0);
    await sleep(3300);
    const gone = await c.get<{ uuid: number }>('/api/user/current');
    expect(gone.data.uuid).toBe(-1);
  });

  it('ends at logout on the server, not only in the browser', async () => {
    await ts.register('leaver');
    const c = await ts.login('leaver', TEST_PASSWORD);
    const cookie = c.cookies.get('oj_session')!;
    await c.post('/api/user/logout');
    const replay = ts.client();
    replay.cookies.set('oj_session', cookie);
    expect((await replay.get<{ uuid: number }>('/api/user/current')).data.uuid).toBe(-1);
  });
});

describe('e-mail code lifetime', () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer(backends()[0], { configure: (c) => (c.emailCodeTtlMs = 2000) });
  });
  afterAll(() => ts?.close());

  it('refuses a code after its lifetime', async () => {
    // registering uses a fresh code within its lifetime: the positive case
    const { email } = await ts.register('expiring');
    const c = ts.client();
    await c.post(`/api/user/email/send?receiveEmail=${email}`);
    const code = ts.outboxCode(email);
    await sleep(2300);
    const res = await c.post('/api/user/login/email', { email, code });
    expect(res.status).toBe(400);
    expect(res.message).toMatch(/code 验证码错误或已过期/);
  });
});
