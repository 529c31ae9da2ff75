import type {
  FastifyInstance,
  FastifyBaseLogger,
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/**
 * A domain module: its routes, registered on the root instance (so the shared hooks apply).
 * Adding a module = writing `modules/<domain>/routes.ts` exporting one of these and adding it to
 * `MODULES` in `modules/index.ts`.
 */
export interface AppModule {
  name: string;
  routes(app: App, ctx: AppContext): Promise<void>;
}
