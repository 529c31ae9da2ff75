import type { OAuthProviderName } from '@oj/shared';
import type { Kysely } from 'kysely';
import type { OAuthTables } from './tables';

/** The provider identities linked to accounts (oauth_accounts): only this module touches them. */
export type Db = Kysely<OAuthTables>;

/** The account linked to a provider identity, if any. */
export async function linkedUserId(
  db: Db,
  provider: OAuthProviderName,
  providerUserId: string,
): Promise<number | undefined> {
  const link = await db
    .selectFrom('oauth_accounts')
    .select('user_id')
    .where('provider', '=', provider)
    .where('provider_user_id', '=', providerUserId)
    .executeTakeFirst();
  return link?.user_id;
}

/** Links a provider identity to an account (moving it when it was linked to another). */
export async function link(
  db: Db,
  provider: OAuthProviderName,
  providerUserId: string,
  userId: number,
  now: string,
): Promise<void> {
  await db
    .insertInto('oauth_accounts')
    .values({ provider, provider_user_id: providerUserId, user_id: userId, created_at: now })
    .onConflict((oc) => oc.columns(['provider', 'provider_user_id']).doUpdateSet({ user_id: userId }))
    .execute();
}
