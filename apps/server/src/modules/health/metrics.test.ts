import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../test/helpers';

// `/metrics` is for admins and for a scraper holding OJ_METRICS_TOKEN (app.test.ts covers sessions).
describe('metrics behind a bearer token', () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer(backends()[0], { env: { OJ_METRICS_TOKEN: 'scrape-me-0123456789' } });
  });
  afterAll(() => ts?.close());

  const scrape = (token: string) =>
    ts.client().request<string>('GET', '/metrics', { headers: { authorization: `Bearer ${token}` } });

  it('answers the scraper holding the token', async () => {
    const res = await scrape('scrape-me-0123456789');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(res.data).toMatch(/^process_resident_memory_bytes \d+$/m);
  });

  it('refuses a wrong token and no token in Chinese, inside the envelope', async () => {
    for (const token of ['scrape-me-0123456788', 'x', '']) {
      const res = await scrape(token);
      expect(res.status, token).toBe(401);
      expect(res.message).toMatch(/监控令牌无效|请先登录/);
      expect(res.data).toBeNull();
    }
  });
});
