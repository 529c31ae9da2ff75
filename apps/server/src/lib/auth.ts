import { timingSafeEqual } from 'node:crypto';
import { Role } from '@oj/shared';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { banned, forbidden, notLoggedIn } from './errors';

/** Who is calling. Filled by the sessions hook before any route runs; anonymous when no session. */
export interface Viewer {
  uuid: number; // -1 when anonymous
  role: Role;
  isBoss: boolean;
  sessionId: string | null;
}

export const ANONYMOUS: Viewer = Object.freeze({
  uuid: -1,
  role: Role.NotLogin,
  isBoss: false,
  sessionId: null,
});

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer;
  }
}

/** The guards made by requireRole: the OpenAPI document marks their routes as needing the session. */
const loginGuards = new WeakSet<object>();

/** Is this hook a login guard of requireRole? */
export function requiresLogin(hook: unknown): boolean {
  return typeof hook === 'function' && loginGuards.has(hook);
}

/**
 * An `onRoute` hook: a route's login guards move from its preHandler to its onRequest hooks (after
 * the app's own, which find the viewer), so a caller is refused before the body is read: nobody
 * anonymous makes the server parse an admin route's body of many MiB only to be told 401.
 */
export function guardsBeforeBody(route: RouteOptions): void {
  const pre = [route.preHandler ?? []].flat();
  const guards = pre.filter(requiresLogin);
  if (!guards.length) return;
  route.preHandler = pre.filter((h) => !requiresLogin(h));
  route.onRequest = [...[route.onRequest ?? []].flat(), ...guards] as RouteOptions['onRequest'];
}

/**
 * Route guard: the caller must be logged in with at least `role` (USER < ADMIN). A banned user
 * is refused everything that needs a login, with its own code so the sites can send it to /404.
 * `boss: true` additionally requires the boss flag.
 */
export function requireRole(role: typeof Role.User | typeof Role.Admin, opts: { boss?: boolean } = {}) {
  const guard = async function guard(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const v = req.viewer;
    if (v.role === Role.NotLogin) throw notLoggedIn();
    if (v.role === Role.Ban) throw banned();
    if (role === Role.Admin && v.role !== Role.Admin) throw forbidden('需要管理员权限');
    if (opts.boss && !v.isBoss) throw forbidden('需要超级管理员权限');
  };
  loginGuards.add(guard);
  return guard;
}

/** The token of an `Authorization: Bearer …` header, '' when there is none. */
export function bearerToken(req: FastifyRequest): string {
  const auth = req.headers.authorization ?? '';
  return auth.startsWith('Bearer ') ? auth.slice(7).trim() : '';
}

/** Constant-time comparison of a presented secret with the configured one ('' never matches). */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length > 0 && a.length === b.length && timingSafeEqual(a, b);
}
