import type { FastifyReply, FastifyRequest } from 'fastify';
import { BANNED_HEADER, ErrorCode, Role } from '@oj/shared';
import { AppError } from '../../lib/errors';
import type { Config } from '../../lib/config';
import type { UserColumns, UsersService } from '../users';
import type { SessionsService } from './service';
import { SESSION_COOKIE } from './sessions';

/** What the cookie's functions use: the public address, and the sessions (and users) to resolve. */
type Site = { config: Pick<Config, 'publicUrl'> };
type LogIn = Site & { sessions: Pick<SessionsService, 'create' | 'destroy'> };
type Hook = Site & {
  sessions: Pick<SessionsService, 'resolve' | 'destroy'>;
  users: Pick<UsersService, 'sessionById'>;
};

/**
 * Cookies are Secure when the site is reached over https: the public address says so, or this
 * request came over https (directly, or through a trusted proxy's X-Forwarded-Proto).
 */
export const secureCookies = (d: Site, req: FastifyRequest): boolean =>
  d.config.publicUrl.startsWith('https://') || req.protocol === 'https';

/** httpOnly, SameSite=Lax; Secure behind https. */
export function setSessionCookie(d: Site, reply: FastifyReply, token: string, expires: Date): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies(d, reply.request),
    expires,
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** Logs `userId` in on this request: a new server-side session and its cookie. */
export async function logIn(
  d: LogIn,
  req: FastifyRequest,
  reply: FastifyReply,
  userId: number,
): Promise<void> {
  // A session already held by this browser is replaced, never reused (no session fixation).
  if (req.viewer.sessionId) await d.sessions.destroy(req.viewer.sessionId);
  const { token, expires } = await d.sessions.create(userId, {
    ip: req.ip,
    userAgent: req.headers['user-agent'] ?? '',
  });
  setSessionCookie(d, reply, token, expires);
}

/**
 * The user row read by the hook, kept for the request so `/current` does not read it again. It has
 * no `rated` flag: every request resolves its viewer, only `/current` presents it (users.withRated).
 */
const sessionUsers = new WeakMap<FastifyRequest, UserColumns>();
export const sessionUser = (req: FastifyRequest): UserColumns | undefined => sessionUsers.get(req);

/**
 * onRequest hook: turns the session cookie into `req.viewer`. The role is read from the user row
 * each time, so a ban or a new role applies to the very next request.
 */
export function viewerHook(d: Hook) {
  return async function attachViewer(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    req.viewer = { uuid: -1, role: 0, isBoss: false, sessionId: null };
    const token = req.cookies[SESSION_COOKIE];
    if (!token) return;
    const session = await d.sessions.resolve(token);
    const user = session ? await d.users.sessionById(session.userId) : undefined;
    if (!session || !user) {
      clearSessionCookie(reply);
      return;
    }
    if (user.role === Role.Ban) {
      // SPEC §6: the ban ends the session on its next API call, which says so (the site goes to
      // /404) and is answered as for anyone not logged in. A page load keeps the session for the
      // page's first call, which can read the header.
      if (!req.url.startsWith('/api/')) return;
      await d.sessions.destroy(session.id);
      clearSessionCookie(reply);
      reply.header(BANNED_HEADER, '1');
      return;
    }
    req.viewer = {
      uuid: user.id,
      role: user.role as Role,
      isBoss: user.is_boss === 1,
      sessionId: session.id,
    };
    sessionUsers.set(req, user);
    if (session.renewedUntil) setSessionCookie(d, reply, token, session.renewedUntil);
    // A bulk account (classes, docs/classes.md) changes its initial password before anything else:
    // every other API call is refused with a code that sends the sites to the change page.
    if (
      user.must_change_password === 1 &&
      req.url.startsWith('/api/') &&
      !BEFORE_CHANGE.has(req.url.split('?')[0])
    )
      throw new AppError(ErrorCode.PasswordChangeRequired, '请先修改初始密码', 403);
  };
}

/** What an account that must change its password may still call. */
const BEFORE_CHANGE = new Set([
  '/api/user/current',
  '/api/user/logout',
  '/api/user/login',
  '/api/user/password/change',
  '/api/getPublicKey',
]);
