import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small but real S3-protocol server for the tests, on loopback: path-style PUT / GET / HEAD /
 * DELETE of objects, `Range` GETs, ListObjectsV2 with continuation, and AWS Signature Version 4
 * checked on every request, in the Authorization header or in the query (presigned URLs, with
 * their expiry). Objects are kept in memory. The client under test is the real AWS SDK.
 */
export interface S3TestServer {
  url: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** The stored objects of a bucket (tests look inside the store). */
  objects(bucket: string): Map<string, StoredObject>;
  /** Requests answered, by method (tests check what went to the store). */
  requests: { method: string; path: string; status: number }[];
  /** `OJ_STORAGE_URL` for a bucket and prefix of this server. */
  storageUrl(bucket: string, prefix?: string): string;
  close(): Promise<void>;
}

export interface StoredObject {
  body: Buffer;
  contentType: string;
  etag: string;
  lastModified: Date;
}

const ENCODE = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const xml = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

export async function startS3Server(buckets: string[] = ['oj']): Promise<S3TestServer> {
  const accessKeyId = 'OJTESTACCESSKEY';
  const secretAccessKey = 'oj-test-secret-key-0123456789';
  const region = 'us-east-1';
  const store = new Map(buckets.map((b) => [b, new Map<string, StoredObject>()]));
  const requests: S3TestServer['requests'] = [];

  function fail(res: ServerResponse, status: number, code: string, message: string, head = false) {
    res.statusCode = status;
    if (head) return res.end();
    res.setHeader('content-type', 'application/xml');
    res.end(
      `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${xml(message)}</Message></Error>`,
    );
  }

  /** Checks SigV4 (header or query); answers the error to send, or null when the request is signed. */
  function authenticate(req: IncomingMessage, url: URL, body: Buffer): [number, string, string] | null {
    const rawPath = (req.url ?? '/').split('?')[0];
    const query = [...url.searchParams.entries()];
    let credential: string;
    let signedHeaders: string;
    let signature: string;
    let amzDate: string;
    let payloadHash: string;
    const auth = req.headers.authorization;
    if (auth) {
      const m =
        /^AWS4-HMAC-SHA256 Credential=([^,]+), ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(auth);
      if (!m) return [400, 'AuthorizationHeaderMalformed', 'bad Authorization header'];
      [, credential, signedHeaders, signature] = m;
      amzDate = String(req.headers['x-amz-date'] ?? '');
      payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
      if (payloadHash === 'UNSIGNED-PAYLOAD') {
        // allowed
      } else if (/^[0-9a-f]{64}$/.test(payloadHash)) {
        if (sha256(body) !== payloadHash) return [400, 'XAmzContentSHA256Mismatch', 'payload hash mismatch'];
      } else {
        return [400, 'InvalidRequest', `unsupported x-amz-content-sha256 ${payloadHash}`];
      }
      const skew = Math.abs(Date.now() - parseAmzDate(amzDate));
      if (!(skew < 15 * 60_000)) return [403, 'RequestTimeTooSkewed', 'request time too skewed'];
    } else if (url.searchParams.get('X-Amz-Algorithm') === 'AWS4-HMAC-SHA256') {
      credential = url.searchParams.get('X-Amz-Credential') ?? '';
      signedHeaders = url.searchParams.get('X-Amz-SignedHeaders') ?? '';
      signature = url.searchParams.get('X-Amz-Signature') ?? '';
      amzDate = url.searchParams.get('X-Amz-Date') ?? '';
      payloadHash = 'UNSIGNED-PAYLOAD';
      const expires = Number(url.searchParams.get('X-Amz-Expires'));
      if (!Number.isInteger(expires) || expires < 1 || expires > 604800)
        return [400, 'AuthorizationQueryParametersError', 'bad X-Amz-Expires'];
      if (Date.now() > parseAmzDate(amzDate) + expires * 1000)
        return [403, 'AccessDenied', 'Request has expired'];
    } else {
      return [403, 'AccessDenied', 'anonymous access is not allowed'];
    }
    const [keyId, date, reg, service, terminal] = credential.split('/');
    if (keyId !== accessKeyId) return [403, 'InvalidAccessKeyId', 'unknown access key'];
    if (
      !date ||
      reg !== region ||
      service !== 's3' ||
      terminal !== 'aws4_request' ||
      !amzDate.startsWith(date)
    )
      return [403, 'SignatureDoesNotMatch', 'bad credential scope'];
    const names = signedHeaders.split(';');
    if (!names.includes('host')) return [403, 'SignatureDoesNotMatch', 'host must be signed'];
    const canonicalHeaders = names
      .map((n) => {
        const v = req.headers[n];
        const value = Array.isArray(v) ? v.join(',') : (v ?? '');
        return `${n}:${value.trim().replace(/\s+/g, ' ')}\n`;
      })
      .join('');
    const canonicalQuery = query
      .filter(([k]) => k !== 'X-Amz-Signature')
      .map(([k, v]) => [ENCODE(k), ENCODE(v)])
      .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
    const canonicalRequest = [
      req.method,
      rawPath,
      canonicalQuery,
      canonicalHeaders,
      signedHeaders,
      payloadHash,
    ].join('\n');
    const scope = `${date}/${reg}/s3/aws4_request`;
    const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
    const key = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, date), reg), 's3'), 'aws4_request');
    const expected = hmac(key, toSign);
    const given = Buffer.from(signature, 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return [403, 'SignatureDoesNotMatch', 'signature does not match'];
    return null;
  }

  function list(res: ServerResponse, bucket: string, objects: Map<string, StoredObject>, url: URL) {
    const prefix = url.searchParams.get('prefix') ?? '';
    const maxKeys = Math.min(1000, Number(url.searchParams.get('max-keys') ?? 1000) || 1000);
    const token = url.searchParams.get('continuation-token');
    const after = token
      ? Buffer.from(token, 'base64url').toString('utf8')
      : (url.searchParams.get('start-after') ?? '');
    const keys = [...objects.keys()].filter((k) => k.startsWith(prefix) && k > after).sort();
    const page = keys.slice(0, maxKeys);
    const truncated = keys.length > page.length;
    res.setHeader('content-type', 'application/xml');
    res.end(
      `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">` +
        `<Name>${xml(bucket)}</Name><Prefix>${xml(prefix)}</Prefix><KeyCount>${page.length}</KeyCount>` +
        `<MaxKeys>${maxKeys}</MaxKeys><IsTruncated>${truncated}</IsTruncated>` +
        (truncated
          ? `<NextContinuationToken>${Buffer.from(page[page.length - 1]).toString('base64url')}</NextContinuationToken>`
          : '') +
        page
          .map((k) => {
            const o = objects.get(k)!;
            return `<Contents><Key>${xml(k)}</Key><LastModified>${o.lastModified.toISOString()}</LastModified><ETag>&quot;${o.etag}&quot;</ETag><Size>${o.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
          })
          .join('') +
        `</ListBucketResult>`,
    );
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', 'http://s3.local');
    const head = req.method === 'HEAD';
    const denied = authenticate(req, url, body);
    if (denied) return fail(res, denied[0], denied[1], denied[2], head);
    const [, bucket, ...rest] = url.pathname.split('/');
    const key = rest.map(decodeURIComponent).join('/');
    const objects = store.get(decodeURIComponent(bucket));
    if (!objects) return fail(res, 404, 'NoSuchBucket', 'The specified bucket does not exist', head);
    if (!key) {
      if (req.method === 'GET' && url.searchParams.get('list-type') === '2')
        return list(res, bucket, objects, url);
      return fail(res, 501, 'NotImplemented', 'only ListObjectsV2 on a bucket', head);
    }
    if (req.method === 'PUT') {
      if (req.headers['x-amz-copy-source']) return fail(res, 501, 'NotImplemented', 'no copies');
      const etag = createHash('md5').update(body).digest('hex');
      objects.set(key, {
        body,
        contentType: String(req.headers['content-type'] ?? 'application/octet-stream'),
        etag,
        lastModified: new Date(),
      });
      res.setHeader('etag', `"${etag}"`);
      return res.end();
    }
    if (req.method === 'DELETE') {
      objects.delete(key);
      res.statusCode = 204;
      return res.end();
    }
    if (req.method !== 'GET' && !head) return fail(res, 405, 'MethodNotAllowed', 'method not allowed');
    const o = objects.get(key);
    if (!o) return fail(res, 404, 'NoSuchKey', 'The specified key does not exist.', head);
    const size = o.body.length;
    res.setHeader('etag', `"${o.etag}"`);
    res.setHeader('last-modified', o.lastModified.toUTCString());
    res.setHeader('accept-ranges', 'bytes');
    res.setHeader('content-type', url.searchParams.get('response-content-type') ?? o.contentType);
    const disposition = url.searchParams.get('response-content-disposition');
    if (disposition) res.setHeader('content-disposition', disposition);
    const range = /^bytes=(\d*)-(\d*)$/.exec(String(req.headers.range ?? ''));
    if (range && (range[1] || range[2])) {
      const suffix = range[1] === '';
      const start = suffix ? Math.max(0, size - Number(range[2])) : Number(range[1]);
      const end = suffix || range[2] === '' ? size - 1 : Math.min(Number(range[2]), size - 1);
      if ((suffix && Number(range[2]) === 0) || start >= size || start > end) {
        res.setHeader('content-range', `bytes */${size}`);
        return fail(res, 416, 'InvalidRange', 'The requested range is not satisfiable', head);
      }
      res.statusCode = 206;
      res.setHeader('content-range', `bytes ${start}-${end}/${size}`);
      res.setHeader('content-length', end - start + 1);
      return res.end(head ? undefined : o.body.subarray(start, end + 1));
    }
    res.setHeader('content-length', size);
    res.end(head ? undefined : o.body);
  }

  const server: Server = createServer((req, res) => {
    res.on('finish', () =>
      requests.push({ method: req.method ?? '', path: req.url ?? '', status: res.statusCode }),
    );
    handle(req, res).catch((err: unknown) => fail(res, 500, 'InternalError', String(err)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    accessKeyId,
    secretAccessKey,
    region,
    requests,
    objects: (bucket) => store.get(bucket)!,
    storageUrl: (bucket, prefix = '') =>
      `s3://${bucket}/${prefix}?endpoint=${encodeURIComponent(url)}&region=${region}&forcePathStyle=1`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function parseAmzDate(s: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(s);
  return m ? Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]) : NaN;
}
