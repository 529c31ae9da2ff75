import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTrustProxy } from '../src/lib/config';
import { startTestServer, type TestServer } from './helpers';

// Behind one reverse proxy (OJ_TRUST_PROXY=1) the client is the address the proxy appended to
// X-Forwarded-For, never the left-most entry the client wrote itself: rotating that entry must not
// dodge a rate limit keyed on the address (issue 22, found while rate-limiting payment notifies).
describe('OJ_TRUST_PROXY', () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer(
      { name: 'sqlite' },
      { env: { OJ_TRUST_PROXY: '1' }, rateLimits: { login: { max: 3, windowMs: 60_000 } } },
    );
  }, 60_000);
  afterAll(() => ts?.close());

  const login = async (i: number, forwarded: string) =>
    ts.client().request('POST', '/api/user/login', {
      json: { account: `nobody_${i}`, password: await ts.encrypt('wrong-password') },
      headers: { 'x-forwarded-for': forwarded },
    });

  it('keys the rate limit on the address the proxy saw, whatever the client claims', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await login(i, `10.0.0.${i}, 203.0.113.7`)).status);
    expect(statuses.slice(0, 3).every((s) => s !== 429)).toBe(true);
    expect(statuses[3]).toBe(429);
    // Another client behind the same proxy is not limited by the first one.
    expect((await login(9, '203.0.113.8')).status).not.toBe(429);
  });

  it('reads 0, a hop count or proxy addresses, and refuses "true" (every hop believed)', () => {
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('127.0.0.1, 10.0.0.0/8')).toBe('127.0.0.1, 10.0.0.0/8');
    expect(() => parseTrustProxy('true')).toThrow(/OJ_TRUST_PROXY/);
  });
});
