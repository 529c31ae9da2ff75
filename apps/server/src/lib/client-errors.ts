import { ErrorCode } from '@oj/shared';
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** What Node's HTTP parser refuses before any route runs, answered in our envelope in Chinese. */
const CLIENT_ERRORS: Record<string, { code: number; message: string }> = {
  // Node counts the request line with the headers (16 KB): a long query string lands here.
  HPE_HEADER_OVERFLOW: {
    code: ErrorCode.HeadersTooLarge,
    message: '请求的网址或请求头过长（合计不能超过 16 KB），请减少查询参数',
  },
  ERR_HTTP_REQUEST_TIMEOUT: { code: ErrorCode.Timeout, message: '请求超时，请重试' },
};

/**
 * Fastify's `clientErrorHandler`: requests the HTTP parser rejects (header overflow, malformed
 * request line, timeout) get `{code, message, data}` like every other answer, instead of Fastify's
 * English JSON. They are the client's fault: logged at info, never at error level.
 */
export function answerClientError(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const { code, message } = CLIENT_ERRORS[err.code ?? ''] ?? {
    code: ErrorCode.BadRequest,
    message: '请求格式错误',
  };
  const status = code / 100;
  this.log.info({ code: err.code }, 'client error refused by the HTTP parser');
  if (!socket.writable) return void socket.destroy();
  const body = JSON.stringify({ code, message, data: null });
  // end(), not write() + destroy(): the answer must reach the client before the socket closes.
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * The HTTP server's `checkExpectation` listener: an `Expect` header other than `100-continue` is
 * refused by Node with a bare 417 before any route runs; this answers it in our envelope instead.
 */
export function refuseExpectation(_req: IncomingMessage, res: ServerResponse): void {
  const body = JSON.stringify({
    code: ErrorCode.ExpectationFailed,
    message: '不支持的 Expect 请求头（只支持 100-continue）',
    data: null,
  });
  res.writeHead(417, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}
