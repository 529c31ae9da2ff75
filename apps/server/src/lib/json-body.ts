import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { BODY_DRAIN_MAX, formatSize } from './body-limits';
import { badRequest, tooLarge } from './errors';

const bodyTooLarge = (limit: number) => tooLarge(`请求体过大（不能超过 ${formatSize(limit)}）`);

/**
 * Reads a request body up to the route's limit. A larger one is read to its end and thrown away
 * (up to `BODY_DRAIN_MAX`) before the 413 goes out: Fastify's own reader answers at once and closes
 * the connection while the client is still sending, which the client sees as a reset connection
 * rather than the answer (issue 22: a 1 MiB login under load).
 */
export function readBody(req: FastifyRequest, payload: IncomingMessage): Promise<Buffer> {
  const limit = req.routeOptions.bodyLimit;
  if (Number(req.headers['content-length']) > BODY_DRAIN_MAX) return Promise.reject(bodyTooLarge(limit));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const finish = (settle: () => void) => {
      payload.removeListener('data', onData).removeListener('end', onEnd).removeListener('error', onError);
      settle();
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > BODY_DRAIN_MAX) finish(() => reject(bodyTooLarge(limit)));
      else if (received <= limit) chunks.push(chunk);
      else chunks.length = 0; // over the limit: only counted from here on
    };
    const onEnd = () =>
      finish(() =>
        received > limit ? reject(bodyTooLarge(limit)) : resolve(Buffer.concat(chunks, received)),
      );
    // The client went away mid-body: a client error (the answer reaches no one anyway).
    const onError = (err: Error) => finish(() => reject(Object.assign(err, { statusCode: 400 })));
    payload.on('data', onData).on('end', onEnd).on('error', onError);
  });
}

/** JSON is UTF-8 (RFC 8259): invalid bytes are refused, not turned into U+FFFD and stored. */
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The JSON body parser of every route: `readBody` above, then UTF-8 decoding that refuses invalid
 * bytes, then Fastify's own parser (a `__proto__` key, or `constructor.prototype`, is refused).
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error') as (
    req: FastifyRequest,
    body: string,
    done: (err: Error | null, body?: unknown) => void,
  ) => void;
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', async (req: FastifyRequest, payload: IncomingMessage) => {
    const bytes = await readBody(req, payload);
    let text: string;
    try {
      text = utf8.decode(bytes);
    } catch {
      throw badRequest('请求体不是合法的 UTF-8 文本（含有无效的字节）');
    }
    return new Promise((resolve, reject) =>
      parseJson(req, text, (err, body) => {
        if (!err) return resolve(body);
        // Fastify's parser reports a prototype key as invalid JSON; tell the client what it was.
        if (!looksLikeJson(text)) return reject(err);
        reject(badRequest('请求体不能包含会改写对象原型的键名'));
      }),
    );
  });
}

function looksLikeJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
