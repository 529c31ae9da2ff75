import { envelope } from '@oj/shared';
import type {
  FastifyInstance,
  FastifyBaseLogger,
  FastifyRequest,
  preHandlerAsyncHookHandler,
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
} from 'fastify';
import type { z } from 'zod';
import { ok } from '../lib/envelope';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/**
 * A domain module: its routes, registered on the root instance (so the shared hooks apply), given
 * only what they use: `D` is declared by the module with the services' own types (never the whole
 * context), and the composition root's context must satisfy it (`MODULES` in modules/index.ts is
 * typed so; `routes` is a property, so the check is strict). Adding a module = writing
 * `modules/<domain>/routes.ts` exporting one of these and adding it to `MODULES`.
 */
export interface AppModule<D> {
  name: string;
  routes: (app: App, deps: D) => Promise<void>;
}

/**
 * A read that SPEC answers on GET and POST alike: parameters in the query string, the answer in
 * the envelope. One declaration instead of a route per method; `handler` answers the data.
 */
export function readRoute<Q extends z.ZodTypeAny = z.ZodUndefined, R extends z.ZodTypeAny = z.ZodTypeAny>(
  app: App,
  url: string,
  def: {
    tags: string[];
    summary: string;
    query?: Q;
    reply: R;
    preHandler?: preHandlerAsyncHookHandler | preHandlerAsyncHookHandler[];
  },
  handler: (req: FastifyRequest<{ Querystring: z.infer<Q> }>) => Promise<z.input<R>>,
): void {
  // Typed at the call (query and answer); the route itself is declared on the untyped instance.
  (app as unknown as FastifyInstance).route({
    method: ['GET', 'POST'],
    url,
    preHandler: def.preHandler,
    schema: {
      tags: def.tags,
      summary: def.summary,
      ...(def.query ? { querystring: def.query } : {}),
      response: { 200: envelope(def.reply) },
    },
    handler: async (req) => ok(await handler(req as FastifyRequest<{ Querystring: z.infer<Q> }>)),
  });
}

/**
 * A write (POST): its body and/or query checked by their schemas, the answer in the envelope with
 * the toast `message` (fixed, or made from the answer). One declaration for the routes that are
 * nothing but "validate, call the service, answer".
 */
export function writeRoute<
  B extends z.ZodTypeAny = z.ZodUndefined,
  Q extends z.ZodTypeAny = z.ZodUndefined,
  R extends z.ZodTypeAny = z.ZodTypeAny,
>(
  app: App,
  url: string,
  def: {
    tags: string[];
    summary: string;
    body?: B;
    query?: Q;
    reply: R;
    preHandler?: preHandlerAsyncHookHandler | preHandlerAsyncHookHandler[];
    message: string | ((data: z.input<R>) => string);
  },
  handler: (req: FastifyRequest<{ Body: z.infer<B>; Querystring: z.infer<Q> }>) => Promise<z.input<R>>,
): void {
  (app as unknown as FastifyInstance).route({
    method: 'POST',
    url,
    preHandler: def.preHandler,
    schema: {
      tags: def.tags,
      summary: def.summary,
      ...(def.body ? { body: def.body } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      response: { 200: envelope(def.reply) },
    },
    handler: async (req) => {
      const data = await handler(req as FastifyRequest<{ Body: z.infer<B>; Querystring: z.infer<Q> }>);
      return ok(data, typeof def.message === 'string' ? def.message : def.message(data));
    },
  });
}
