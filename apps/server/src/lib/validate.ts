import type { z } from 'zod';
import { badRequest } from './errors';

/**
 * Our schema messages start with the field name ("account 只能由…"); zod's own messages do not,
 * so they get the path in front. Array positions alone are not a useful name and are left out.
 */
export function withField(path: readonly PropertyKey[], message: string): string {
  const named = path.filter((p) => typeof p === 'string' && !/^\d+$/.test(p));
  if (!named.length) return message;
  const top = String(named[0]);
  if (message.startsWith(top)) return message;
  return `${path.map(String).join('.')}: ${message}`;
}

/**
 * Parses input that may come from the query or the JSON body (SPEC keeps both forms for some calls)
 * with the same field-naming messages as route validation.
 */
export function parseInput<S extends z.ZodTypeAny>(schema: S, data: unknown): z.output<S> {
  const res = schema.safeParse(data);
  if (res.success) return res.data;
  const issue = res.error.issues[0];
  throw badRequest(withField(issue.path, issue.message));
}

/**
 * `parseInput` over the query and a JSON-object body merged (body fields win), for the calls SPEC
 * accepts either as GET parameters or as a POST body.
 */
export function parseQueryAndBody<S extends z.ZodTypeAny>(
  schema: S,
  req: { query: unknown; body: unknown },
): z.output<S> {
  const body = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? req.body : {};
  return parseInput(schema, { ...(req.query as object), ...body });
}
