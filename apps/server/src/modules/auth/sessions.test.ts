import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, TEST_PASSWORD, TestClock, type TestServer } from '../../../test/helpers';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Sliding expiry with the real 7-day lifetime: a session used after half of it is extended. */
describe.each(backends())('session expiry on $name', (backend) => {
  let ts: TestServer;
  const clock = new TestClock();
  beforeAll(async () => {
    ts = await startTestServer(backend, { clock });
  });
  afterAll(() => ts?.close());

  it('slides while used and ends when idle longer than its lifetime', async () => {
    await ts.register('slider');
    const c = await ts.login('slider', TEST_PASSWORD);
    const early = await c.get<{ uuid: number }>('/api/user/current');
    expect(early.data.uuid).toBeGreaterThan(0);
    expect(early.headers.getSetCookie().some((s) => s.startsWith('oj_session='))).toBe(false);
    clock.advance(4 * DAY);
    const renewed = await c.get<{ uuid: number }>('/api/user/current');
    expect(renewed.data.uuid).toBeGreaterThan(0);
    expect(
      renewed.headers.getSetCookie().some((s) => s.startsWith('oj_session=') && /Expires=/i.test(s)),
    ).toBe(true);
    clock.advance(4 * DAY); // past the first lifetime: alive only because it slid
    expect((await c.get<{ uuid: number }>('/api/user/current')).data.uuid).toBeGreaterThan(0);
    clock.advance(7 * DAY + MINUTE);
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
  const clock = new TestClock();
  beforeAll(async () => {
    ts = await startTestServer(backends()[0], { clock });
  });
  afterAll(() => ts?.close());

  it('accepts a code within its 10 minutes', async () => {
    const { email } = await ts.register('in_time');
    const c = ts.client();
    await c.post(`/api/user/email/send?receiveEmail=${email}`);
    const code = ts.outboxCode(email);
    clock.advance(9 * MINUTE);
    expect((await c.post('/api/user/login/email', { email, code })).code).toBe(0);
  });

  it('refuses a code after its lifetime', async () => {
    const { email } = await ts.register('expiring');
    const c = ts.client();
    await c.post(`/api/user/email/send?receiveEmail=${email}`);
    const code = ts.outboxCode(email);
    clock.advance(10 * MINUTE + 1000);
    const res = await c.post('/api/user/login/email', { email, code });
    expect(res.status).toBe(400);
    expect(res.message).toBe('验证码错误或已过期，请重新获取');
  });
});
