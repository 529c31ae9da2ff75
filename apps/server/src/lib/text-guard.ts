import { fieldLabel, findRequestTextProblem } from '@oj/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { badRequest } from './errors';

const PARTS = [
  ['params', '路径参数'],
  ['query', '查询参数'],
  ['body', '请求体'],
] as const;

/**
 * preValidation hook: control characters and lone surrogates are refused in every string of every
 * request (body, query, path), and nesting deeper than `MAX_NESTING`, in one place rather than in
 * 200 schemas; tab and line breaks stay allowed for multi-line text. Names and titles have stricter
 * rules in their shared schemas. It runs before the schemas, so zod never walks a 100 000-level body.
 */
export async function refuseControlChars(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
  for (const [part, partLabel] of PARTS) {
    const found = findRequestTextProblem(req[part]);
    if (!found) continue;
    // Too deep: the field is the top-level one the nesting hangs from, not a path of 32 keys.
    const path = found.tooDeep ? found.path.slice(0, 1) : found.path;
    const field = path.filter((p) => typeof p === 'string').join('.');
    throw badRequest(`${field ? fieldLabel(path) : partLabel}${found.problem}`, field || undefined);
  }
}
