import type { OAuthProviderName } from '@oj/shared';
import type { OAuthDeps } from './deps';
import { enabledProviders, redirectUri, resolveUser } from './link';
import type { OAuthProfile } from './providers';

export { enabledProviders } from './link';

/** OAuth login (link.ts): the enabled providers, their callback address, the account behind an identity. */
export function createOAuthService(d: OAuthDeps) {
  return {
    providers: enabledProviders(d.config),
    redirectUri: (name: OAuthProviderName) => redirectUri(d, name),
    resolveUser: (provider: OAuthProviderName, profile: OAuthProfile, currentUuid: number) =>
      resolveUser(d, provider, profile, currentUuid),
  };
}
export type OAuthService = ReturnType<typeof createOAuthService>;
