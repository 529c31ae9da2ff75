import { randomBytes } from 'node:crypto';
import type { OAuthProviderName } from '@oj/shared';
import type { Config } from '../../lib/config';
import { banned } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import type { UserRow } from '../users';
import type { OAuthDeps } from './deps';
import { githubProvider, type OAuthProfile, type OAuthProvider, qqProvider } from './providers';
import * as repo from './repo';

/** Providers enabled by configuration: a provider without client id and secret does not exist. */
export function enabledProviders(config: Config): Map<OAuthProviderName, OAuthProvider> {
  const map = new Map<OAuthProviderName, OAuthProvider>();
  if (config.github.clientId && config.github.clientSecret) map.set('github', githubProvider(config.github));
  if (config.qq.clientId && config.qq.clientSecret) map.set('qq', qqProvider(config.qq));
  return map;
}

/** Where a provider sends the browser back. */
export const redirectUri = (d: OAuthDeps, name: OAuthProviderName) =>
  `${d.config.publicUrl}/api/user/oauth/${name}/callback`;

/** A free account name derived from the provider's login, e.g. `github_octocat`. */
async function freeAccount(
  d: OAuthDeps,
  provider: OAuthProviderName,
  profile: OAuthProfile,
): Promise<string> {
  const base = `${provider}_${(profile.login || profile.id).replace(/[^A-Za-z0-9_]/g, '')}`.slice(0, 16);
  if (!(await d.users.byAccount(base))) return base;
  for (;;) {
    const candidate = `${base.slice(0, 13)}_${randomBytes(3).toString('hex').slice(0, 6)}`.slice(0, 20);
    if (!(await d.users.byAccount(candidate))) return candidate;
  }
}

/**
 * The account behind a provider identity: the linked one; else, when someone is logged in, link
 * to that user; else a new account (no password; e-mail kept only if not used by someone else).
 */
export async function resolveUser(
  d: OAuthDeps,
  provider: OAuthProviderName,
  profile: OAuthProfile,
  currentUuid: number,
): Promise<UserRow> {
  const linked = await repo.linkedUserId(d.db, provider, profile.id);
  let user: UserRow | undefined;
  if (linked !== undefined) user = await d.users.byId(linked);
  if (!user) {
    if (currentUuid > 0) user = await d.users.requireUser(currentUuid);
    else {
      const email = profile.email && !(await d.users.byEmail(profile.email)) ? profile.email : null;
      user = await d.users.create({
        account: await freeAccount(d, provider, profile),
        email,
        username: (profile.name || profile.login || provider).slice(0, 20),
        password: '',
      });
    }
    await repo.link(d.db, provider, profile.id, user.id, nowIso());
  }
  if (user.role === 3) throw banned();
  return user;
}
