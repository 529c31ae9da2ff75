import { randomBytes } from 'node:crypto';
import type { OAuthProviderName } from '@oj/shared';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/types';
import type { Config } from '../../lib/config';
import { banned } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import type { UsersService } from '../users';
import { githubProvider, type OAuthProfile, type OAuthProvider, qqProvider } from './providers';

/** Providers enabled by configuration: a provider without client id and secret does not exist. */
export function enabledProviders(config: Config): Map<OAuthProviderName, OAuthProvider> {
  const map = new Map<OAuthProviderName, OAuthProvider>();
  if (config.github.clientId && config.github.clientSecret) map.set('github', githubProvider(config.github));
  if (config.qq.clientId && config.qq.clientSecret) map.set('qq', qqProvider(config.qq));
  return map;
}

export function createOAuthService(deps: { db: Kysely<Database>; users: UsersService; config: Config }) {
  const { db, users } = deps;
  const providers = enabledProviders(deps.config);

  /** A free account name derived from the provider's login, e.g. `github_octocat`. */
  async function freeAccount(provider: OAuthProviderName, profile: OAuthProfile): Promise<string> {
    const base = `${provider}_${(profile.login || profile.id).replace(/[^A-Za-z0-9_]/g, '')}`.slice(0, 16);
    if (!(await users.byAccount(base))) return base;
    for (;;) {
      const candidate = `${base.slice(0, 13)}_${randomBytes(3).toString('hex').slice(0, 6)}`.slice(0, 20);
      if (!(await users.byAccount(candidate))) return candidate;
    }
  }

  return {
    providers,
    redirectUri: (name: OAuthProviderName) => `${deps.config.publicUrl}/api/user/oauth/${name}/callback`,

    /**
     * The account behind a provider identity: the linked one; else, when someone is logged in, link
     * to that user; else a new account (no password; e-mail kept only if not used by someone else).
     */
    async resolveUser(
      provider: OAuthProviderName,
      profile: OAuthProfile,
      currentUuid: number,
    ): Promise<UserRow> {
      const link = await db
        .selectFrom('oauth_accounts')
        .select('user_id')
        .where('provider', '=', provider)
        .where('provider_user_id', '=', profile.id)
        .executeTakeFirst();
      let user: UserRow | undefined;
      if (link) user = await users.byId(link.user_id);
      if (!user) {
        if (currentUuid > 0) user = await users.requireUser(currentUuid);
        else {
          const email = profile.email && !(await users.byEmail(profile.email)) ? profile.email : null;
          user = await users.create({
            account: await freeAccount(provider, profile),
            email,
            username: (profile.name || profile.login || provider).slice(0, 20),
            password: '',
          });
        }
        await db
          .insertInto('oauth_accounts')
          .values({ provider, provider_user_id: profile.id, user_id: user.id, created_at: nowIso() })
          .onConflict((oc) => oc.columns(['provider', 'provider_user_id']).doUpdateSet({ user_id: user!.id }))
          .execute();
      }
      if (user.role === 3) throw banned();
      return user;
    },
  };
}
export type OAuthService = ReturnType<typeof createOAuthService>;
