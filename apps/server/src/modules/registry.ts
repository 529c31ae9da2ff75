import type {
  FastifyInstance,
  FastifyBaseLogger,
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
} from 'fastify';
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
