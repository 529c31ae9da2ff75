import { fieldLabel } from '@oj/shared';
import type { z } from 'zod';
import { badRequest } from './errors';
import { refuseOutOfRange } from './number-guard';

/**
 * Our schema messages name the field in words (账号只能由…); zod's own messages ("无效输入") do not,
 * so they get the field's label in front. No identifier reaches the user: it travels as `data.field`.
 */
export function withField(path: readonly PropertyKey[], message: string): string {
  const label = fieldLabel(path);
  if (message.includes(label)) return message;
  return `${label}：${message}`;
}

/** The identifier path of a field as `data.field` names it (`programming.time_limit`). */
export const fieldPath = (path: readonly PropertyKey[]): string =>
  path.filter((p) => typeof p === 'string' && !/^\d+$/.test(p)).join('.');

/**
 * Parses input that may come from the query or the JSON body (SPEC keeps both forms for some calls)
 * with the same field-naming messages as route validation, and the same 32-bit range check on its
 * numbers as the preHandler hook gives routes (lib/number-guard.ts).
 */
export function parseInput<S extends z.ZodTypeAny>(schema: S, data: unknown): z.output<S> {
  const res = schema.safeParse(data);
  if (res.success) {
    refuseOutOfRange(res.data);
    return res.data as z.output<S>;
  }
  const issue = res.error.issues[0];
  throw badRequest(withField(issue.path, issue.message), fieldPath(issue.path) || undefined);
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
