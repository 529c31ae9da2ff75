import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, captureLog, type Client, startTestServer, type TestServer } from './helpers';

// What an outside audit (issue 22) sends that no form does: numbers beyond what the database
// holds, prototype keys, a JSON body where a form is expected. Each a 4xx in the envelope naming
// the field, nothing stored, nothing logged at error level.
describe.each(backends())('malformed requests on $name', (backend) => {
  let ts: TestServer;
  let user: Client;
  let admin: Client;
  const log = captureLog();
  beforeAll(async () => {
    ts = await startTestServer(backend, { logLevel: 'info', logStream: log.stream });
    user = (await ts.register('odd_user')).client;
    admin = await ts.login(ts.admin.account, ts.admin.password);
  });
  afterAll(() => ts?.close());

  // PostgreSQL answered `value "2147483648" is out of range for type integer` (a 500) on ~90 routes.
  it('refuses numbers beyond 32 bits in the query, the body and query-or-body calls', async () => {
    const tooBig = '不能大于 2147483647';
    const query = await user.get('/api/competition/get?competition_id=2147483648');
    expect(query).toMatchObject({
      status: 400,
      message: `比赛编号${tooBig}`,
      data: { field: 'competition_id' },
    });
    const body = await user.post('/api/competition/user/joins/get', { uuid: 2 ** 31, pageNum: 0 });
    expect(body).toMatchObject({ status: 400, message: `用户编号${tooBig}`, data: { field: 'uuid' } });
    const list = await admin.post('/api/user/admin/ban', [1e10]);
    expect(list).toMatchObject({ status: 400, message: `参数${tooBig}` });
    // `user/search` takes its parameters from the query or the body (lib/validate.ts parseInput).
    const either = await user.post('/api/user/search?pageNum=2147483648');
    expect(either).toMatchObject({ status: 400, message: `页码${tooBig}`, data: { field: 'pageNum' } });
    const inBody = await user.post('/api/user/search', { pageNum: 2147483648 });
    expect(inBody).toMatchObject({ status: 400, data: { field: 'pageNum' } });
    // The largest 32-bit id is an ordinary id that does not exist.
    const largest = await user.get('/api/competition/get?competition_id=2147483647');
    expect(largest.status).toBe(404);
    expect(log.errors()).toEqual([]);
  });

  it('names a prototype key as such instead of calling the body invalid JSON, and stores nothing', async () => {
    const before = (await user.get<{ username: string }>('/api/user/current')).data.username;
    for (const body of [
      '{"username":"x","__proto__":{"role":3}}',
      '{"username":"x","constructor":{"prototype":{}}}',
    ]) {
      const res = await user.request('POST', '/api/user/modify', {
        body,
        headers: { 'content-type': 'application/json' },
      });
      expect(res).toMatchObject({
        status: 400,
        code: 40000,
        message: '请求体不能包含会改写对象原型的键名',
      });
    }
    const me = (await user.get<{ username: string; role: number }>('/api/user/current')).data;
    expect(me).toMatchObject({ username: before, role: 1 });
    expect(log.errors()).toEqual([]);
  });
});
