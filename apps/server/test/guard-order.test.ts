import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';

// A caller who may not use a route is refused before its body is read (lib/auth.ts
// guardsBeforeBody): an anonymous client made the server parse up to 16 MiB of JSON on the
// admin-only test-data route before its 401 (issue 22, found while probing bad input).
describe('login guards run before the body is read', () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer({ name: 'sqlite' });
  }, 60_000);
  afterAll(() => ts?.close());

  const post = (path: string, body: string) =>
    ts.client().request('POST', path, { body, headers: { 'content-type': 'application/json' } });

  it('answers 401 to an anonymous body that is not even JSON, on user and admin routes', async () => {
    for (const path of ['/api/problem/algorithm/admin/testCase/add?problem_id=1000', '/api/posts/add']) {
      const res = await post(path, '{"broken": ');
      expect([res.status, res.code]).toEqual([401, 40101]);
    }
  });

  it('still parses and validates the body of a caller who may use the route', async () => {
    const admin = await ts.login(ts.admin.account, ts.admin.password);
    const res = await admin.request('POST', '/api/problem/algorithm/admin/testCase/add?problem_id=1000', {
      body: '{"broken": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
  });
});
