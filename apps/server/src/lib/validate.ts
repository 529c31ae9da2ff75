import type { z } from 'zod';
import { badRequest } from './errors';

/**
 * Parses input that may come from the query or the JSON body (SPEC keeps both forms for some calls)
 * with the same field-naming messages as route validation.
 */
export function parseInput<S extends z.ZodTypeAny>(schema: S, data: unknown): z.output<S> {
  const res = schema.safeParse(data);
  if (res.success) return res.data;
  const issue = res.error.issues[0];
  const path = issue.path.join('.');
  throw badRequest(
    path && !issue.message.includes(String(issue.path[0])) ? `${path}: ${issue.message}` : issue.message,
  );
}
