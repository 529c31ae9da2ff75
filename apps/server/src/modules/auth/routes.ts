import {
  CurrentUser,
  Empty,
  envelope,
  ErrorCode,
  PasswordChangeRequest,
  Role,
  SendEmailQuery,
  UserGetBackRequest,
  UserLoginEmailRequest,
  UserLoginRequest,
  UserRegisterRequest,
} from '@oj/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../lib/config';
import { ok } from '../../lib/envelope';
import { requireRole } from '../../lib/auth';
import { AppError, badRequest, banned, forbidden } from '../../lib/errors';
import type { RateLimiter } from '../../lib/rate-limit';
import type { KeysService } from '../keys';
import type { App, AppModule } from '../registry';
import {
  checkNewPassword,
  presentAnonymous,
  presentCurrent,
  type UserDefaults,
  type UserRow,
  type UsersService,
} from '../users';
import { codeRejected } from './codes';
import { clearSessionCookie, logIn, sessionUser } from './cookie';
import type { CodesService, SessionsService } from './service';

/** What the routes use. */
export interface AuthRouteDeps {
  users: UsersService;
  sessions: SessionsService;
  codes: CodesService;
  /** Logins, registrations and e-mails are rate limited. */
  limiter: Pick<RateLimiter, 'check'>;
  /** Passwords arrive encrypted with the site's key. */
  keys: Pick<KeysService, 'decryptPassword'>;
  /** The public address (whether cookies are Secure). */
  config: Pick<Config, 'publicUrl'>;
  /** Pictures shown when a user has not chosen any. */
  defaults: UserDefaults;
}

const wrongCredentials = () => new AppError(ErrorCode.WrongCredentials, '账号或密码错误', 401);

/** Password login shared by the user site and the management site. */
async function passwordLogin(
  d: AuthRouteDeps,
  req: FastifyRequest,
  body: UserLoginRequest,
): Promise<UserRow> {
  const login = body.account.trim();
  await d.limiter.check('login', req.ip);
  await d.limiter.check('login', `account:${login.toLowerCase()}`);
  const password = d.keys.decryptPassword(body.password, 'password');
  const user = await d.users.byAccountOrEmail(login);
  // Same answer for an unknown account and a wrong password: accounts cannot be probed.
  // The password is checked (against a decoy hash) even without an account: same time either way.
  const matches = await d.users.checkPassword(user, password);
  if (!user || !matches) throw wrongCredentials();
  if (user.role === Role.Ban) throw banned();
  return user;
}

async function answerLoggedIn(
  d: AuthRouteDeps,
  req: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
  message: string,
) {
  await logIn(d, req, reply, user.id);
  return ok(presentCurrent(user, d.defaults), message);
}

/** Accounts: e-mail codes, registration, password reset, login, logout, the current user. */
export const authModule: AppModule<AuthRouteDeps> = {
  name: 'auth',
  async routes(app, d) {
    const tags = ['accounts'];
    app.post(
      '/api/user/email/send',
      {
        schema: {
          tags,
          summary: '发送邮箱验证码（6 位，10 分钟有效）',
          querystring: SendEmailQuery,
          response: { 200: envelope(Empty) },
        },
      },
      async (req) => {
        const email = req.query.receiveEmail.toLowerCase();
        await d.limiter.check('emailPerAddress', email);
        await d.limiter.check('emailPerIp', req.ip);
        await d.codes.send(email);
        return ok(null, '验证码已发送，请查收邮件');
      },
    );

    app.post(
      '/api/user/register',
      {
        schema: {
          tags,
          summary: '注册（成功后即登录）',
          body: UserRegisterRequest,
          response: { 200: envelope(CurrentUser) },
        },
      },
      async (req, reply) => {
        await d.limiter.check('register', req.ip);
        const b = req.body;
        const password = d.keys.decryptPassword(b.password, 'password');
        checkNewPassword(password, d.keys.decryptPassword(b.check_password, 'check_password'));
        if (await d.users.byAccount(b.account)) throw badRequest(`账号「${b.account}」已被注册`, 'account');
        if (await d.users.byEmail(b.email)) throw badRequest(`邮箱「${b.email}」已被注册`, 'email');
        await d.codes.consume(b.email, b.code);
        const user = await d.users.create({ account: b.account, email: b.email, password });
        return answerLoggedIn(d, req, reply, user, '注册成功');
      },
    );

    app.post(
      '/api/user/getBack',
      {
        schema: {
          tags,
          summary: '找回密码（邮箱验证码重置，其他会话全部退出）',
          body: UserGetBackRequest,
          response: { 200: envelope(Empty) },
        },
      },
      async (req) => {
        await d.limiter.check('login', req.ip);
        const b = req.body;
        const password = d.keys.decryptPassword(b.password, 'password');
        checkNewPassword(password, d.keys.decryptPassword(b.check_password, 'check_password'));
        const user = await d.users.byAccount(b.account);
        // A mismatch answers like a wrong code: whether an account exists, or which address it
        // has, is not told to someone who cannot read that address's mail.
        if (!user || (user.email ?? '') !== b.email.toLowerCase()) throw codeRejected();
        await d.codes.consume(b.email, b.code);
        const keep = req.viewer.uuid === user.id ? req.viewer.sessionId : null;
        await d.users.resetPassword(user, password, keep);
        return ok(null, '密码已重置，请使用新密码登录');
      },
    );

    app.post(
      '/api/user/login',
      {
        schema: {
          tags,
          summary: '账号（或邮箱）+ 密码登录',
          body: UserLoginRequest,
          response: { 200: envelope(CurrentUser) },
        },
      },
      async (req, reply) => answerLoggedIn(d, req, reply, await passwordLogin(d, req, req.body), '登录成功'),
    );

    app.post(
      '/api/user/admin/login',
      {
        schema: {
          tags: ['admin'],
          summary: '管理中心登录（管理员；教师可登录以编写班级题目）',
          body: UserLoginRequest,
          response: { 200: envelope(CurrentUser) },
        },
      },
      async (req, reply) => {
        const user = await passwordLogin(d, req, req.body);
        // Teachers come in to write their class problems (issue 27 part 3); every route still checks.
        const teacher = user.role === Role.User && user.teacher === 1;
        if (user.role !== Role.Admin && !teacher) throw forbidden('仅管理员和教师可以登录管理中心');
        return answerLoggedIn(d, req, reply, user, '登录成功');
      },
    );

    app.post(
      '/api/user/login/email',
      {
        schema: {
          tags,
          summary: '邮箱验证码登录',
          body: UserLoginEmailRequest,
          response: { 200: envelope(CurrentUser) },
        },
      },
      async (req, reply) => {
        await d.limiter.check('login', req.ip);
        const user = await d.users.byEmail(req.body.email);
        // An unregistered address answers like a wrong code (no probing which addresses exist).
        if (!user) throw codeRejected();
        await d.codes.consume(req.body.email, req.body.code);
        if (user.role === Role.Ban) throw banned();
        return answerLoggedIn(d, req, reply, user, '登录成功');
      },
    );

    registerPasswordChange(app, d);

    app.post(
      '/api/user/logout',
      { schema: { tags, summary: '退出登录', response: { 200: envelope(Empty) } } },
      async (req, reply) => {
        if (req.viewer.sessionId) await d.sessions.destroy(req.viewer.sessionId);
        clearSessionCookie(reply);
        return ok(null, '已退出登录');
      },
    );

    app.get(
      '/api/user/current',
      {
        schema: {
          tags,
          summary: '当前用户（未登录时 uuid 为 -1、role 为 0）',
          response: { 200: envelope(CurrentUser) },
        },
      },
      async (req) => {
        if (req.viewer.uuid < 0) return ok(presentAnonymous(d.defaults));
        const kept = sessionUser(req);
        const user = kept ? await d.users.withRated(kept) : await d.users.byId(req.viewer.uuid);
        return ok(user ? presentCurrent(user, d.defaults) : presentAnonymous(d.defaults));
      },
    );
  },
};

/**
 * The signed-in user's own change, proving the current password; a bulk account of the classes
 * (docs/classes.md) must make it before any other call (the viewer hook refuses the rest).
 */
function registerPasswordChange(app: App, d: AuthRouteDeps): void {
  const tags = ['accounts'];
  app.post(
    '/api/user/password/change',
    {
      preHandler: [requireRole(Role.User)],
      schema: {
        tags,
        summary: '修改密码（需当前密码；其他会话全部退出；批量创建的账号首次登录必须先修改）',
        body: PasswordChangeRequest,
        response: { 200: envelope(Empty) },
      },
    },
    async (req) => {
      await d.limiter.check('login', `account-change:${req.viewer.uuid}`);
      const b = req.body;
      const current = d.keys.decryptPassword(b.old_password, 'old_password');
      const password = d.keys.decryptPassword(b.password, 'password');
      checkNewPassword(password, d.keys.decryptPassword(b.check_password, 'check_password'));
      await d.users.changePassword(req.viewer.uuid, current, password, req.viewer.sessionId);
      return ok(null, '密码已修改');
    },
  );
}
