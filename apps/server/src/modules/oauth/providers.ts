import type { OAuthProviderName } from '@oj/shared';
import type { OAuthClientConfig } from '../../lib/config';

/** A user as the provider knows it. */
export interface OAuthProfile {
  id: string;
  login: string;
  name: string;
  email: string | null;
  avatar: string;
}

/**
 * One OAuth2 authorization-code provider. `authorizeUrl` is where the browser goes (with our
 * `state`); `exchange` trades the code for a token and reads the user, all server to server.
 */
export interface OAuthProvider {
  name: OAuthProviderName;
  authorizeUrl(state: string, redirectUri: string): string;
  exchange(code: string, redirectUri: string): Promise<OAuthProfile>;
}

async function json(res: Response, what: string): Promise<Record<string, unknown>> {
  const text = await res.text();
  if (!res.ok) throw new Error(`${what}: HTTP ${res.status} ${text.slice(0, 200)}`);
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new Error(`${what}: not JSON: ${text.slice(0, 200)}`);
  }
}

const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

export function githubProvider(c: OAuthClientConfig): OAuthProvider {
  return {
    name: 'github',
    authorizeUrl(state, redirectUri) {
      const u = new URL(`${c.baseUrl}/login/oauth/authorize`);
      u.search = new URLSearchParams({
        client_id: c.clientId,
        redirect_uri: redirectUri,
        state,
        scope: 'read:user user:email',
      }).toString();
      return u.toString();
    },
    async exchange(code, redirectUri) {
      const token = await json(
        await fetch(`${c.baseUrl}/login/oauth/access_token`, {
          method: 'POST',
          headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
          body: JSON.stringify({
            client_id: c.clientId,
            client_secret: c.clientSecret,
            code,
            redirect_uri: redirectUri,
          }),
        }),
        'github token',
      );
      const access = str(token.access_token);
      if (!access)
        throw new Error(
          `github token: ${str(token.error_description) || str(token.error) || 'no access_token'}`,
        );
      const user = await json(
        await fetch(`${c.apiUrl}/user`, {
          headers: {
            Authorization: `Bearer ${access}`,
            Accept: 'application/vnd.github+json',
            'User-Agent': 'oj',
          },
        }),
        'github user',
      );
      const id = str(user.id);
      if (!id) throw new Error('github user: no id');
      return {
        id,
        login: str(user.login),
        name: str(user.name) || str(user.login),
        email: str(user.email) || null,
        avatar: str(user.avatar_url),
      };
    },
  };
}

/** QQ Connect: token, then `/oauth2.0/me` for the openid, then `get_user_info`. */
export function qqProvider(c: OAuthClientConfig): OAuthProvider {
  return {
    name: 'qq',
    authorizeUrl(state, redirectUri) {
      const u = new URL(`${c.baseUrl}/oauth2.0/authorize`);
      u.search = new URLSearchParams({
        response_type: 'code',
        client_id: c.clientId,
        redirect_uri: redirectUri,
        state,
        scope: 'get_user_info',
      }).toString();
      return u.toString();
    },
    async exchange(code, redirectUri) {
      const tokenUrl = new URL(`${c.apiUrl}/oauth2.0/token`);
      tokenUrl.search = new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: c.clientId,
        client_secret: c.clientSecret,
        code,
        redirect_uri: redirectUri,
        fmt: 'json',
      }).toString();
      const token = await json(await fetch(tokenUrl), 'qq token');
      const access = str(token.access_token);
      if (!access) throw new Error(`qq token: ${str(token.error_description) || 'no access_token'}`);
      const me = await json(
        await fetch(`${c.apiUrl}/oauth2.0/me?access_token=${encodeURIComponent(access)}&fmt=json`),
        'qq me',
      );
      const openid = str(me.openid);
      if (!openid) throw new Error('qq me: no openid');
      const info = await json(
        await fetch(
          `${c.apiUrl}/user/get_user_info?${new URLSearchParams({ access_token: access, oauth_consumer_key: c.clientId, openid }).toString()}`,
        ),
        'qq user info',
      );
      if (info.ret !== undefined && Number(info.ret) !== 0) throw new Error(`qq user info: ${str(info.msg)}`);
      return {
        id: openid,
        login: '',
        name: str(info.nickname),
        email: null,
        avatar: str(info.figureurl_qq_2) || str(info.figureurl_qq_1),
      };
    },
  };
}
