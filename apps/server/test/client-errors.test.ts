import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, captureLog, startTestServer, type TestServer } from './helpers';

// lib/client-errors.ts through the real server.

/** One raw HTTP exchange: the parser's refusals happen before Fastify, so no client library hides them. */
function rawRequest(url: string, head: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(head));
    let answer = '';
    socket.on('data', (d) => (answer += d.toString('utf8')));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('requests the HTTP parser refuses', () => {
  let ts: TestServer;
  const log = captureLog();
  beforeAll(async () => {
    ts = await startTestServer(backends()[0], { logLevel: 'info', logStream: log.stream });
  });
  afterAll(() => ts?.close());

  it('answers a query string over 16 KB with a 431 envelope in Chinese', async () => {
    const res = await fetch(`${ts.url}/api/problem/algorithm/search?keyword=${'a'.repeat(17 * 1024)}`);
    expect(res.status).toBe(431);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({
      code: 43100,
      message: '请求的网址或请求头过长（合计不能超过 16 KB），请减少查询参数',
      data: null,
    });
    expect(log.errors()).toEqual([]);
  });

  it('answers a malformed request line with a 400 envelope in Chinese', async () => {
    const answer = await rawRequest(ts.url, 'GET /api/health HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      code: 40000,
      message: '请求格式错误',
      data: null,
    });
    expect(log.errors()).toEqual([]);
  });
});
