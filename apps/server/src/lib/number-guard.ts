import { fieldLabel, findInRequest } from '@oj/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { badRequest } from './errors';

/** PostgreSQL's `integer`: every id, count and limit the database stores is one. */
export const INT_MAX = 2_147_483_647;
export const INT_MIN = -2_147_483_648;

const rangeProblem = (leaf: unknown): string | null => {
  if (typeof leaf !== 'number') return null;
  if (leaf > INT_MAX) return `不能大于 ${INT_MAX}`;
  if (leaf < INT_MIN) return `不能小于 ${INT_MIN}`;
  return null;
};

/**
 * Refuses a request number outside the 32-bit range (`competition_id=2147483648`): PostgreSQL
 * answers such a parameter with an error (a 500) where SQLite would just find nothing. Checked on
 * the values as the schemas left them (query strings coerced to numbers), in one place for every
 * route rather than a `.max()` in each of 300 schemas; no real request carries a larger number.
 */
export function refuseOutOfRange(value: unknown): void {
  const found = findInRequest(value, rangeProblem);
  if (!found || found.tooDeep) return;
  const field = found.path.filter((p) => typeof p === 'string').join('.');
  throw badRequest(`${fieldLabel(found.path)}${found.problem}`, field || undefined);
}

/** preHandler hook: `refuseOutOfRange` on what the route's schemas parsed (path, query, body). */
export async function refuseOutOfRangeNumbers(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
  for (const part of [req.params, req.query, req.body]) refuseOutOfRange(part);
}
