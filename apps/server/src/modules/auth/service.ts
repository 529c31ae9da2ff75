import { systemClock } from '../../lib/time';
import { consumeCode, sendCode } from './codes';
import type { CodesDeps, SessionsDeps } from './deps';
import { createSession, resolveSession, type SessionMeta, type Sessions, sessionStore } from './sessions';

/**
 * Server-side sessions (sessions.ts). The cookie holds a random token; the store (the database,
 * or Redis when configured) keeps its sha256 (a leaked store gives no usable cookie), the user and
 * the expiry.
 */
export function createSessionsService(deps: SessionsDeps) {
  const clock = deps.clock ?? systemClock;
  const d: Sessions = { store: sessionStore(deps, clock), ttlMs: deps.ttlMs, clock };
  return {
    backend: deps.redis ? ('redis' as const) : ('database' as const),
    create: (userId: number, meta: SessionMeta) => createSession(d, userId, meta),
    resolve: (token: string) => resolveSession(d, token),
    destroy: (sessionId: string) => d.store.remove(sessionId),
    /** Ends every session of a user (ban, password reset), optionally keeping one. */
    destroyAllOf: (userId: number, exceptSessionId?: string | null) =>
      d.store.removeAllOf(userId, exceptSessionId),
    purgeExpired: () => d.store.purgeExpired(),
  };
}
export type SessionsService = ReturnType<typeof createSessionsService>;

/** E-mail verification codes (codes.ts). */
export function createCodesService(d: CodesDeps) {
  return {
    send: (email: string) => sendCode(d, email),
    /** Consumes the code or throws `codeRejected`. */
    consume: (email: string, code: string) => consumeCode(d, email, code),
  };
}
export type CodesService = ReturnType<typeof createCodesService>;
