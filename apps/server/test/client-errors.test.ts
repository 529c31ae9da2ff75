import { request } from 'node:http';
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

/**
 * A POST with node:http, which reports a connection reset or a write to a closed socket (EPIPE) as
 * an error where fetch would retry or hide it: the answer, or `ERR <code>`.
 */
function postBytes(
  url: string,
  path: string,
  body: Buffer | string,
  type: string,
  cookie = '',
): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const headers = {
      'content-type': type,
      'content-length': Buffer.byteLength(body),
      ...(cookie && { cookie }),
    };
    const req = request({ host: hostname, port, path, method: 'POST', headers }, (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString('utf8')));
      res.on('end', () => resolve(`${res.statusCode} ${text}`));
      res.on('error', (e: NodeJS.ErrnoException) => resolve(`ERR ${e.code}`));
    });
    req.on('error', (e: NodeJS.ErrnoException) => resolve(`ERR ${e.code}`));
    req.end(body);
  });
}

/**
 * A JSON POST whose body goes out 256 KiB at a time, as over a real network: the status and body
 * of the answer, or `ERR <code>` when the server cut the connection while the body was being sent.
 */
function pacedPost(url: string, path: string, json: string): Promise<string> {
  const { hostname, port } = new URL(url);
  const body = Buffer.from(json);
  return new Promise((resolve) => {
    let answer = '';
    let failed = '';
    const socket = connect(Number(port), hostname, async () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
      );
      for (let at = 0; at < body.length && !failed; at += 256 * 1024) {
        socket.write(body.subarray(at, at + 256 * 1024));
        await new Promise((r) => setTimeout(r, 2));
      }
    });
    socket.on('data', (d: Buffer) => (answer += d.toString('utf8')));
    socket.on('error', (e: NodeJS.ErrnoException) => (failed = `ERR ${e.code}`));
    socket.on('close', () => {
      const status = /^HTTP\/1\.1 (\d+)/.exec(answer)?.[1];
      resolve(failed || `${status} ${answer.slice(answer.indexOf('\r\n\r\n') + 4)}`);
    });
  });
}

const tooLargeAnswer = (limit: string) =>
  `413 ${JSON.stringify({ code: 41300, message: `请求体过大（不能超过 ${limit}）`, data: null })}`;

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

  // Issue 22 item 11: a 1 MiB account on user/login dropped the connection under load: the 413
  // went out, and the socket was closed, while the client was still sending its body.
  it('answers several concurrent oversized logins, sent at a network pace, with a 413 each', async () => {
    const login = (size: number) => JSON.stringify({ account: 'a'.repeat(size), password: 'x' });
    const sizes = [1.1e6, 5e6, 20e6, 1.1e6, 5e6, 20e6];
    const answers = await Promise.all(sizes.map((n) => pacedPost(ts.url, '/api/user/login', login(n))));
    expect(answers).toEqual(sizes.map(() => tooLargeAnswer('1 MiB')));
    // Within the limit the field is named (the schema's 100-character bound), as before.
    expect(await postBytes(ts.url, '/api/user/login', login(1e6), 'application/json')).toBe(
      `400 ${JSON.stringify({ code: 40000, message: '账号过长', data: { field: 'account' } })}`,
    );
    expect(log.errors()).toEqual([]);
  });

  // Issue 22 item 5: the 8 KiB limit of the payment notify read 不能超过 0 MiB.
  it('states the real body limit of the route in a unit that reads right', async () => {
    const form = 'application/x-www-form-urlencoded';
    expect(await postBytes(ts.url, '/api/lantu/notify', `a=${'x'.repeat(9000)}`, form)).toBe(
      tooLargeAnswer('8 KiB'),
    );
    const json = 'application/json';
    const big = (n: number) => JSON.stringify({ source_code: 'x'.repeat(n) });
    // Signed in: an anonymous caller is refused before the body is read (guard-order.test.ts).
    const user = await ts.login(ts.admin.account, ts.admin.password);
    const cookie = [...user.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    expect(await postBytes(ts.url, '/api/user/modify', big(1.1e6), json, cookie)).toBe(
      tooLargeAnswer('1 MiB'),
    );
    expect(await postBytes(ts.url, '/api/problem/algorithm/judge/submit', big(2.2e6), json, cookie)).toBe(
      tooLargeAnswer('2 MiB'),
    );
    expect(log.errors()).toEqual([]);
  });

  it('answers paths the router refuses and an unknown Expect header in the envelope', async () => {
    const badUrl = await fetch(`${ts.url}/api/files/%FF`);
    expect(badUrl.status).toBe(400);
    expect(await badUrl.json()).toEqual({
      code: 40000,
      message: '网址中有无效的编码（% 后的字节不是合法的 UTF-8）',
      data: null,
    });
    const long = await fetch(`${ts.url}/api/files/${'a'.repeat(200)}`);
    expect(long.status).toBe(414);
    expect(await long.json()).toEqual({
      code: 41400,
      message: '网址中的路径参数过长（不能超过 100 个字符）',
      data: null,
    });
    const expect417 = await rawRequest(
      ts.url,
      'GET /api/health HTTP/1.1\r\nHost: x\r\nExpect: nonsense\r\nConnection: close\r\n\r\n',
    );
    expect(expect417).toMatch(/^HTTP\/1\.1 417 /);
    expect(JSON.parse(expect417.slice(expect417.indexOf('\r\n\r\n') + 4))).toEqual({
      code: 41700,
      message: '不支持的 Expect 请求头（只支持 100-continue）',
      data: null,
    });
    expect(log.errors()).toEqual([]);
  });
});
