import { fieldLabel, findControlChar } from '@oj/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { badRequest } from './errors';

/**
 * preValidation hook: control characters are refused in every string of every request (body,
 * query, path), in one place rather than in 200 schemas; tab and line breaks stay allowed for
 * multi-line text. Names and titles have stricter rules in their shared schemas.
 */
export async function refuseControlChars(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
  for (const part of [req.params, req.query, req.body]) {
    const path = findControlChar(part);
    if (!path) continue;
    const field = path.filter((p) => typeof p === 'string').join('.');
    throw badRequest(`${fieldLabel(path)}不能包含控制字符`, field || undefined);
  }
}
