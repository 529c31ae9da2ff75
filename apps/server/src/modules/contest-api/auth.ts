import { createHash, createHmac } from 'node:crypto';
import { ErrorCode, Role } from '@oj/shared';
import type { FastifyRequest } from 'fastify';
import { ANONYMOUS, sameSecret, type Viewer } from '../../lib/auth';
import { AppError, banned, forbidden, rateLimited } from '../../lib/errors';
import type { UserRow } from '../users';
import type { ContestApiDeps } from './deps';

/**
 * Who calls the Contest API. The specification asks for HTTP basic authentication: our account
 * (or e-mail) and password, checked like a login (the same argon2 check, the same rate limit on
 * misses). ICPC tools poll, so a checked pair is remembered for a few minutes (by its hash; a
 * password change or a ban applies at the latest then). Besides: a bearer token an admin creates
 * (`POST /api/ccs/tokens`: signed with the install's shared key (modules/keys), bound to the holder's password
 * hash, so changing the password revokes every token of the account), and the site's own session
 * cookie (the management site's package download). Without any, the caller is anonymous.
 */
const REMEMBER_MS = 5 * 60_000;
const REMEMBERED_MAX = 1000;
const TOKEN_PREFIX = 'ccs1';

const wrongCredentials = () => new AppError(ErrorCode.WrongCredentials, '账号或密码错误', 401);

export class ApiAuth {
  private readonly remembered = new Map<string, { userId: number; until: number }>();

  constructor(private readonly d: Pick<ContestApiDeps, 'users' | 'limiter' | 'tokenKey'>) {}

  /** The caller: basic credentials, a bearer token, or the request's session (maybe anonymous). */
  async viewerOf(req: FastifyRequest): Promise<Viewer> {
    const header = req.headers.authorization ?? '';
    if (/^basic /i.test(header)) return this.basic(req, header.slice(6).trim());
    if (/^bearer /i.test(header)) return this.bearer(header.slice(7).trim());
    return req.viewer ?? ANONYMOUS;
  }

  private async basic(req: FastifyRequest, encoded: string): Promise<Viewer> {
    const digest = createHash('sha256').update(encoded).digest('hex');
    const held = this.remembered.get(digest);
    if (held && held.until > Date.now()) return this.viewerOfUser(await this.d.users.byId(held.userId));
    const plain = Buffer.from(encoded, 'base64').toString('utf8');
    const colon = plain.indexOf(':');
    if (colon < 0) throw wrongCredentials();
    const account = plain.slice(0, colon).trim();
    await this.d.limiter.check('login', `ccs:${req.ip}`).catch(() => {
      throw rateLimited('登录尝试过于频繁，请稍后再试');
    });
    const user = await this.d.users.byAccountOrEmail(account);
    // The password is checked even without an account (a decoy hash): same time either way.
    if (!(await this.d.users.checkPassword(user, plain.slice(colon + 1))) || !user) throw wrongCredentials();
    if (this.remembered.size >= REMEMBERED_MAX) this.remembered.clear();
    this.remembered.set(digest, { userId: user.id, until: Date.now() + REMEMBER_MS });
    return this.viewerOfUser(user);
  }

  private viewerOfUser(user: UserRow | undefined): Viewer {
    if (!user) throw wrongCredentials();
    if (user.role === Role.Ban) throw banned();
    return { uuid: user.id, role: user.role as Role, isBoss: user.is_boss === 1, sessionId: null };
  }

  private async bearer(token: string): Promise<Viewer> {
    const m = /^ccs1\.(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!m) throw new AppError(ErrorCode.NotLoggedIn, '令牌无效', 401);
    const [userId, expires] = [Number(m[1]), Number(m[2])];
    const user = await this.d.users.byId(userId);
    if (!user || expires * 1000 < Date.now() || !sameSecret(m[3], this.sign(userId, expires, user)))
      throw new AppError(ErrorCode.NotLoggedIn, '令牌无效或已过期', 401);
    return this.viewerOfUser(user);
  }

  /** A token for an admin's tools (the Resolver, the CDS): the holder's view for `days` days. */
  async createToken(viewer: Viewer, days: number): Promise<{ token: string; expires: string }> {
    if (viewer.role !== Role.Admin) throw forbidden('只有管理员可以创建比赛接口令牌');
    const user = await this.d.users.byId(viewer.uuid);
    if (!user) throw forbidden('只有管理员可以创建比赛接口令牌');
    const expires = Math.floor(Date.now() / 1000) + days * 86_400;
    const token = `${TOKEN_PREFIX}.${user.id}.${expires}.${this.sign(user.id, expires, user)}`;
    return { token, expires: new Date(expires * 1000).toISOString() };
  }

  private sign(userId: number, expires: number, user: Pick<UserRow, 'password_hash'>): string {
    return createHmac('sha256', this.signingKey())
      .update(`${userId}.${expires}.${user.password_hash}`)
      .digest('base64url');
  }

  private signingKey(): Buffer {
    return this.d.tokenKey;
  }
}
