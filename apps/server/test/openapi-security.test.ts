import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, TEST_PASSWORD, type TestServer } from './helpers';

/**
 * The OpenAPI document's security, checked against what the server really does: every operation
 * is called anonymously with an input built from its own schemas, and the document must require the
 * session cookie exactly where the answer is 401 (40101, 请先登录), and let anonymous callers in
 * everywhere else.
 */
type Json = Record<string, unknown>;
type Requirement = Record<string, string[]>;
interface Operation {
  method: string;
  path: string;
  security?: Requirement[];
  parameters?: { in: string; name: string; required?: boolean; schema?: Json }[];
  requestBody?: { content: Record<string, { schema?: Json }> };
}

const JUDGE_TOKEN = 'judge-token-for-openapi-test';
/**
 * Public calls whose handler checks an e-mail code that no test input can guess: they answer 400
 * to every sample, so the anonymous call says nothing; they are login / registration calls.
 */
const CODE_CHECKED = ['POST /api/user/register', 'POST /api/user/getBack', 'POST /api/user/login/email'];
const METRICS_TOKEN = 'metrics-token-for-openapi-test';

/** Strings tried, in order, against a pattern. */
const CANDIDATES = ['probe@example.com', 'probe_1', '123456', '2030-01-02', 'A', 'abc', 'x'];
/** A password field wants RSA ciphertext of the server's key (set once the server runs). */
let encryptedPassword = '';

/** A string for `key`: times and passwords by their name, else what the schema's pattern accepts. */
function sampleString(schema: Json, key: string): string {
  if (/password/i.test(key)) return encryptedPassword;
  if (/time|date/i.test(key) && !schema.pattern)
    return /end/i.test(key) ? '2030-01-03T00:00:00.000Z' : '2030-01-02T00:00:00.000Z';
  if (schema.format === 'email') return 'probe@example.com';
  if (typeof schema.pattern === 'string') {
    const re = new RegExp(schema.pattern, 'u');
    const hit = CANDIDATES.find((c) => re.test(c));
    if (hit !== undefined) return hit;
  }
  return 'x'.repeat(Math.max(Number(schema.minLength ?? 1), 1));
}

/** The properties of an object to fill: the required ones, plus all or one of the others. */
type Fill = 'required' | 'all' | { also: string };

/** A value the schema accepts (as far as JSON Schema tells: refinements zod keeps to itself aside). */
function sample(schema: Json | undefined, key = '', fill: Fill = 'required'): unknown {
  if (!schema) return undefined;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const alternatives = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (alternatives) return sample(alternatives.find((s) => s.type !== 'null') ?? alternatives[0], key);
  if (Array.isArray(schema.allOf)) return sample(schema.allOf[0] as Json, key, fill);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const props = (schema.properties ?? {}) as Record<string, Json>;
      const required = (schema.required ?? []) as string[];
      const keys = Object.keys(props).filter(
        (k) => required.includes(k) || fill === 'all' || (typeof fill === 'object' && fill.also === k),
      );
      // A field filled on purpose gets a value, not its default (often null or empty).
      return Object.fromEntries(
        keys.map((k) => [
          k,
          sample(required.includes(k) ? props[k] : { ...props[k], default: undefined }, k),
        ]),
      );
    }
    case 'array':
      return Array.from({ length: Math.max(Number(schema.minItems ?? 0), 1) }, () =>
        sample(schema.items as Json, key),
      );
    case 'integer':
    case 'number':
      return Math.max(Number(schema.minimum ?? 1), Math.min(1, Number(schema.maximum ?? 1)));
    case 'boolean':
      return false;
    case 'string':
      return sampleString(schema, key);
    default:
      return undefined;
  }
}

function operations(doc: { paths: Record<string, Record<string, Json>> }): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(methods)) ops.push({ ...(op as object), method, path });
  return ops;
}

interface Input {
  query: Fill;
  body: Fill;
}

/**
 * The inputs tried for an operation until one gets past validation: required fields only, every
 * field, then each optional field alone (some inputs want exactly one of two fields).
 */
function inputs(op: Operation): Input[] {
  const optionalQuery = (op.parameters ?? [])
    .filter((p) => p.in === 'query' && !p.required)
    .map((p) => p.name);
  const bodySchema = op.requestBody?.content['application/json']?.schema;
  const bodyProps = Object.keys((bodySchema?.properties ?? {}) as Json);
  return [
    { query: 'required', body: 'required' },
    { query: 'all', body: 'all' },
    ...optionalQuery.map((k): Input => ({ query: { also: k }, body: 'required' })),
    ...bodyProps.map((k): Input => ({ query: 'required', body: { also: k } })),
  ];
}

/** The operation called with an input; the answer's status and code (the body of a stream is not read). */
async function call(base: string, op: Operation, input: Input, headers: Record<string, string> = {}) {
  let path = op.path;
  const query = new URLSearchParams();
  for (const p of op.parameters ?? []) {
    const value = String(sample(p.schema ?? {}, p.name) ?? 'x');
    const wanted =
      p.required || input.query === 'all' || (typeof input.query === 'object' && input.query.also === p.name);
    if (p.in === 'path') path = path.replace(`{${p.name}}`, encodeURIComponent(value));
    else if (p.in === 'query' && wanted) query.set(p.name, value);
  }
  const json = op.requestBody?.content['application/json'];
  const init: RequestInit = { method: op.method.toUpperCase(), headers: { ...headers }, redirect: 'manual' };
  if (json) {
    init.body = JSON.stringify(sample(json.schema ?? {}, '', input.body) ?? {});
    (init.headers as Record<string, string>)['content-type'] = 'application/json';
  }
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), 15_000);
  try {
    const res = await fetch(`${base}${path}${query.size ? `?${query}` : ''}`, {
      ...init,
      signal: abort.signal,
    });
    let code: number | undefined;
    if ((res.headers.get('content-type') ?? '').includes('json')) {
      code = ((await res.json()) as { code?: number }).code;
    } else await res.body?.cancel();
    return { status: res.status, code };
  } finally {
    clearTimeout(timer);
  }
}

/** Schema validation runs before the guards: such an answer says nothing about the guard. */
const undetermined = (a: { status: number }) => a.status === 400 || a.status === 415;

/** The first answer that says something about the guard (or the last one tried). */
async function probe(base: string, op: Operation, headers: Record<string, string> = {}) {
  let answer = { status: 0 } as { status: number; code?: number };
  for (const input of inputs(op)) {
    answer = await call(base, op, input, headers);
    if (!undetermined(answer)) break;
  }
  return answer;
}

const name = (op: Operation) => `${op.method.toUpperCase()} ${op.path}`;
const allowsAnonymous = (op: Operation) => (op.security ?? []).some((r) => Object.keys(r).length === 0);
const refusedAnonymous = (a: { status: number; code?: number }) => a.status === 401 && a.code === 40101;

describe.each(backends())('OpenAPI security on $name', (backend) => {
  let ts: TestServer;
  let doc: {
    paths: Record<string, Record<string, Json>>;
    components: { securitySchemes?: Record<string, Json> };
  };
  let ops: Operation[];
  beforeAll(async () => {
    ts = await startTestServer(backend, {
      env: { OJ_JUDGE_TOKEN: JUDGE_TOKEN, OJ_METRICS_TOKEN: METRICS_TOKEN },
    });
    doc = (await (await fetch(`${ts.url}/api/docs/json`)).json()) as typeof doc;
    ops = operations(doc);
    encryptedPassword = await ts.encrypt('Probe-secret-1');
  });
  afterAll(() => ts?.close());

  it('declares the session cookie and the metrics and judge tokens as security schemes', () => {
    expect(doc.components.securitySchemes).toMatchObject({
      sessionCookie: { type: 'apiKey', in: 'cookie', name: 'oj_session' },
      metricsToken: { type: 'http', scheme: 'bearer' },
      judgeToken: { type: 'http', scheme: 'bearer' },
    });
  });

  it('gives every operation a security requirement of declared schemes only (a valid document)', () => {
    const schemes = doc.components.securitySchemes ?? {};
    // OpenAPI 3.0: apiKey needs `name` and `in` of query/header/cookie, http needs `scheme`.
    for (const [key, s] of Object.entries(schemes)) {
      if (s.type === 'apiKey') expect(['query', 'header', 'cookie'], key).toContain(s.in);
      if (s.type === 'apiKey') expect(typeof s.name, key).toBe('string');
      if (s.type === 'http') expect(typeof s.scheme, key).toBe('string');
      expect(['apiKey', 'http', 'oauth2', 'openIdConnect'], key).toContain(s.type);
    }
    expect(ops.length).toBeGreaterThan(200);
    const wrong: string[] = [];
    for (const op of ops) {
      if (!Array.isArray(op.security) || op.security.length === 0) wrong.push(`${name(op)}: no security`);
      for (const req of op.security ?? [])
        for (const [scheme, scopes] of Object.entries(req))
          // Scopes are for oauth2 / openIdConnect only: the others take an empty list.
          if (!(scheme in schemes) || !Array.isArray(scopes) || scopes.length)
            wrong.push(`${name(op)}: ${scheme} ${JSON.stringify(scopes)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('requires the cookie exactly where an anonymous call is refused with 40101', async () => {
    const mismatched: string[] = [];
    const unknown: string[] = [];
    for (const op of ops) {
      const answer = await probe(ts.url, op);
      if (undetermined(answer)) unknown.push(name(op));
      else if (refusedAnonymous(answer) === allowsAnonymous(op))
        mismatched.push(
          `${name(op)}: anonymous ${answer.status}/${answer.code}, declared ${JSON.stringify(op.security)}`,
        );
    }
    expect(mismatched).toEqual([]);
    // What no sampled input gets past: each must be named here, with why, and be public.
    expect(unknown.filter((op) => !CODE_CHECKED.includes(op))).toEqual([]);
    for (const op of ops.filter((o) => CODE_CHECKED.includes(name(o))))
      expect(allowsAnonymous(op), name(op)).toBe(true);
  });

  it('serves those operations with a session cookie', async () => {
    const { client } = await ts.register('openapi_probe');
    const cookie = () => ({ cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') });
    const refused: string[] = [];
    const required = ops.filter(
      (op) => JSON.stringify(op.security) === JSON.stringify([{ sessionCookie: [] }]),
    );
    expect(required.length).toBeGreaterThan(100);
    for (const op of required) {
      let answer = await probe(ts.url, op, cookie());
      // A call that ends the session (logout) leaves the next one without it: log in again once.
      if (refusedAnonymous(answer)) {
        const again = await ts.login('openapi_probe', TEST_PASSWORD);
        client.cookies.clear();
        for (const [k, v] of again.cookies) client.cookies.set(k, v);
        answer = await probe(ts.url, op, cookie());
      }
      if (refusedAnonymous(answer)) refused.push(name(op));
    }
    expect(refused).toEqual([]);
  });

  it('serves the token routes with their tokens, and refuses them without', async () => {
    const metrics = ops.find((op) => op.path === '/metrics')!;
    expect(metrics.security).toEqual([{ metricsToken: [] }, { sessionCookie: [] }]);
    expect(
      (await fetch(`${ts.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).status,
    ).toBe(200);
    const testData = ops.find((op) => op.path === '/api/judge/testdata/{sha256}')!;
    expect(testData.security).toEqual([{ judgeToken: [] }]);
    const url = `${ts.url}/api/judge/testdata/${'0'.repeat(64)}`;
    expect((await fetch(url)).status).toBe(401);
    // The token passes; the hash is simply unknown.
    expect((await fetch(url, { headers: { authorization: `Bearer ${JUDGE_TOKEN}` } })).status).toBe(404);
  });
});
