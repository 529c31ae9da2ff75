import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../test/helpers';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// With the production argon2 cost, a login for an unknown account must take as long as one with a
// wrong password: before, ~4 ms against ~32 ms told which accounts exist.
describe('login timing', () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer(backends()[0], { fastPasswordHashing: false });
    await ts.register('timing_1');
  });
  afterAll(() => ts?.close());

  it('takes the same time for an unknown account and a wrong password', async () => {
    const c = ts.client();
    const password = await ts.encrypt('not-the-password');
    const timeLogin = async (account: string) => {
      const t0 = performance.now();
      const res = await c.post('/api/user/login', { account, password });
      expect(res.status).toBe(401);
      return performance.now() - t0;
    };
    await timeLogin('timing_1'); // warm-up
    const unknown: number[] = [];
    const wrong: number[] = [];
    for (let i = 0; i < 15; i++) {
      unknown.push(await timeLogin(`nobody_${i}`));
      wrong.push(await timeLogin('timing_1'));
    }
    const ratio = median(unknown) / median(wrong);
    expect(
      ratio,
      `unknown ${median(unknown).toFixed(1)} ms, wrong ${median(wrong).toFixed(1)} ms`,
    ).toBeGreaterThan(0.6);
    expect(ratio).toBeLessThan(1.6);
  });
});
