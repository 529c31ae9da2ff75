import { randomBytes, timingSafeEqual } from 'node:crypto';
import { OAUTH_PROVIDERS, OAuthProviderList, envelope, type OAuthProviderName } from '@oj/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../lib/config';
import { ok } from '../../lib/envelope';
import { AppError, notFound } from '../../lib/errors';
import { logIn, secureCookies, type SessionsService } from '../auth';
import type { AppModule } from '../registry';
import type { OAuthService } from './service';

const STATE_COOKIE = 'oj_oauth_state';
const STATE_TTL_S = 600;

const sameState = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * OAuth login: `GET /api/user/{QQ,github}/login` redirects to the provider with a random `state`
 * kept in a short-lived httpOnly cookie; the callback checks it (CSRF), exchanges the code, links
 * or creates the account, logs in and sends the browser back to the site.
 */
/** What the routes use. */
export interface OAuthRouteDeps {
  oauth: OAuthService;
  /** A successful callback logs the user in. */
  sessions: Pick<SessionsService, 'create' | 'destroy'>;
  /** The public address: where the browser is sent back, and whether cookies are Secure. */
  config: Pick<Config, 'publicUrl'>;
}

export const oauthModule: AppModule<OAuthRouteDeps> = {
  name: 'oauth',
  async routes(app, d) {
    const tags = ['oauth'];
    app.get(
      '/api/user/oauth/providers',
      { schema: { tags, summary: '已启用的第三方登录', response: { 200: envelope(OAuthProviderList) } } },
      async () => ok([...d.oauth.providers.keys()]),
    );

    const start = (name: OAuthProviderName) => async (req: FastifyRequest, reply: FastifyReply) => {
      const provider = d.oauth.providers.get(name);
      if (!provider) throw notFound(`${name === 'qq' ? 'QQ' : 'GitHub'} 登录未启用`);
      const state = randomBytes(24).toString('base64url');
      reply.setCookie(STATE_COOKIE, `${name}.${state}`, {
        path: '/api/user/oauth',
        httpOnly: true,
        sameSite: 'lax',
        maxAge: STATE_TTL_S,
        secure: secureCookies(d, req),
      });
      return reply.redirect(provider.authorizeUrl(state, d.oauth.redirectUri(name)));
    };
    app.get('/api/user/QQ/login', { schema: { tags, summary: '跳转到 QQ 登录' } }, start('qq'));
    app.get('/api/user/github/login', { schema: { tags, summary: '跳转到 GitHub 登录' } }, start('github'));

    app.get(
      '/api/user/oauth/:provider/callback',
      {
        schema: {
          tags,
          summary: '第三方登录回调',
          params: z.object({ provider: z.enum(OAUTH_PROVIDERS, { error: '登录方式不支持' }) }),
          querystring: z.object({
            code: z.string().optional(),
            state: z.string().optional(),
            error: z.string().optional(),
          }),
        },
      },
      async (req, reply) => {
        const name = req.params.provider;
        const provider = d.oauth.providers.get(name);
        if (!provider) throw notFound('该第三方登录未启用');
        const site = d.config.publicUrl;
        const fail = (reason: string) =>
          reply.redirect(`${site}/user/login?oauth_error=${encodeURIComponent(reason)}`);
        const cookie = req.cookies[STATE_COOKIE] ?? '';
        reply.clearCookie(STATE_COOKIE, { path: '/api/user/oauth' });
        const { code, state, error } = req.query;
        if (error) return fail('已取消第三方登录');
        if (!code || !state || !sameState(cookie, `${name}.${state}`)) return fail('登录请求已失效，请重试');
        let profile;
        try {
          profile = await provider.exchange(code, d.oauth.redirectUri(name));
        } catch (err) {
          req.log.warn({ err, provider: name }, 'oauth exchange failed');
          return fail('第三方登录失败，请稍后再试');
        }
        try {
          const user = await d.oauth.resolveUser(name, profile, req.viewer.uuid);
          await logIn(d, req, reply, user.id);
        } catch (err) {
          if (err instanceof AppError) return fail(err.message);
          throw err;
        }
        return reply.redirect(`${site}/user`);
      },
    );
  },
};
