import type { Page, SocialUser } from '@oj/shared';
import type { UserRow } from '../users';
import type { Listed } from './repo';

/**
 * A page of listed ids as users: names, pictures and ratings from one batch read. A user banned or
 * deleted between the page's statement and this read is left out rather than shown half.
 */
export function presentListed(page: Page<Listed>, users: UserRow[], defaultAvatar: string): Page<SocialUser> {
  const byId = new Map(users.map((u) => [u.id, u]));
  const records: SocialUser[] = [];
  for (const r of page.records) {
    const u = byId.get(r.id);
    if (!u) continue;
    records.push({
      uuid: u.id,
      account: u.account,
      username: u.username,
      avatar: u.avatar || defaultAvatar,
      rating: u.rating,
      rated: u.rated,
      time: r.time,
    });
  }
  return { ...page, records };
}
