import {
  CurrentUser,
  Empty,
  envelope,
  ErrorCode,
  Role,
  SendEmailQuery,
  UserGetBackRequest,
  UserLoginEmailRequest,
  UserLoginRequest,
  UserRegisterRequest,
} from '@oj/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/types';
import { ok } from '../../lib/envelope';
import { AppError, badRequest, banned, forbidden } from '../../lib/errors';
import { checkNewPassword, presentAnonymous, presentCurrent } from '../users';
import type { AppModule } from '../registry';
import { codeRejected } from './codes';
import { clearSessionCookie, logIn, sessionUser } from './cookie';

const wrongCredentials = () => new AppError(ErrorCode.WrongCredentials, '账号或密码错误', 401);

/** Password login shared by the user site and the management site. */
async function passwordLogin(ctx: AppContext, req: FastifyRequest, body: UserLoginRequest): Promise<UserRow> {
  const login = body.account.trim();
  await ctx.limiter.check('login', req.ip);
  await ctx.limiter.check('login', `account:${login.toLowerCase()}`);
  const password = ctx.keys.decryptPassword(body.password, 'password');
  const user = await ctx.users.byAccountOrEmail(login);
  // Same answer for an unknown account and a wrong password: accounts cannot be probed.
  // The password is checked (against a decoy hash) even without an account: same time either way.
  const matches = await ctx.users.checkPassword(user, password);
  if (!user || !matches) throw wrongCredentials();
  if (user.role === Role.Ban) throw banned();
  return user;
}

async function answerLoggedIn(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
  message: string,
) {
  await logIn(ctx, req, reply, user.id);
  return ok(presentCurrent(user, ctx.defaults), message);
}

/** Accounts: e-mail codes, registration, password reset, login, logout, the current user. */
export const authModule: AppModule = {
  name: 'auth',
  async routes(app, ctx) {
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
        await ctx.limiter.check('emailPerAddress', email);
        await ctx.limiter.check('emailPerIp', req.ip);
        await ctx.codes.send(email);
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
        await ctx.limiter.check('register', req.ip);
        const b = req.body;
        const password = ctx.keys.decryptPassword(b.password, 'password');
        checkNewPassword(password, ctx.keys.decryptPassword(b.check_password, 'check_password'));
        if (await ctx.users.byAccount(b.account)) throw badRequest(`账号「${b.account}」已被注册`, 'account');
        if (await ctx.users.byEmail(b.email)) throw badRequest(`邮箱「${b.email}」已被注册`, 'email');
        await ctx.codes.consume(b.email, b.code);
        const user = await ctx.users.create({ account: b.account, email: b.email, password });
        return answerLoggedIn(ctx, req, reply, user, '注册成功');
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
        await ctx.limiter.check('login', req.ip);
        const b = req.body;
        const password = ctx.keys.decryptPassword(b.password, 'password');
        checkNewPassword(password, ctx.keys.decryptPassword(b.check_password, 'check_password'));
        const user = await ctx.users.byAccount(b.account);
        // A mismatch answers like a wrong code: whether an account exists, or which address it
        // has, is not told to someone who cannot read that address's mail.
        if (!user || (user.email ?? '') !== b.email.toLowerCase()) throw codeRejected();
        await ctx.codes.consume(b.email, b.code);
        const keep = req.viewer.uuid === user.id ? req.viewer.sessionId : null;
        await ctx.users.resetPassword(user, password, keep);
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
      async (req, reply) =>
        answerLoggedIn(ctx, req, reply, await passwordLogin(ctx, req, req.body), '登录成功'),
    );

    app.post(
      '/api/user/admin/login',
      {
        schema: {
          tags: ['admin'],
          summary: '管理中心登录（仅管理员）',
          body: UserLoginRequest,
          response: { 200: envelope(CurrentUser) },
        },
      },
      async (req, reply) => {
        const user = await passwordLogin(ctx, req, req.body);
        if (user.role !== Role.Admin) throw forbidden('仅管理员可以登录管理中心');
        return answerLoggedIn(ctx, req, reply, user, '登录成功');
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
        await ctx.limiter.check('login', req.ip);
        const user = await ctx.users.byEmail(req.body.email);
        // An unregistered address answers like a wrong code (no probing which addresses exist).
        if (!user) throw codeRejected();
        await ctx.codes.consume(req.body.email, req.body.code);
        if (user.role === Role.Ban) throw banned();
        return answerLoggedIn(ctx, req, reply, user, '登录成功');
      },
    );

    app.post(
      '/api/user/logout',
      { schema: { tags, summary: '退出登录', response: { 200: envelope(Empty) } } },
      async (req, reply) => {
        if (req.viewer.sessionId) await ctx.sessions.destroy(req.viewer.sessionId);
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
        if (req.viewer.uuid < 0) return ok(presentAnonymous(ctx.defaults));
        const kept = sessionUser(req);
        const user = kept ? await ctx.users.withRated(kept) : await ctx.users.byId(req.viewer.uuid);
        return ok(user ? presentCurrent(user, ctx.defaults) : presentAnonymous(ctx.defaults));
      },
    );
  },
};
