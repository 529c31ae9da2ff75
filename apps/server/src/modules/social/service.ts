import type { PageQuery, SocialSettings } from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import type { SocialDeps } from './deps';
import * as follows from './follows';
import * as visitors from './visitors';

/**
 * Follows, friends (follows.ts) and recent visitors (visitors.ts). Lists read the caller's own rows
 * in one statement (banned and deleted users left out by the users module's subquery) and the
 * listed users in one batch.
 */
export function createSocialService(d: SocialDeps) {
  return {
    summary: (viewer: Viewer, uuid: number) => follows.summary(d, viewer, uuid),
    follow: (viewer: Viewer, uuid: number) => follows.follow(d, viewer, uuid),
    unfollow: (viewer: Viewer, uuid: number) => follows.unfollow(d, viewer, uuid),
    list: (viewer: Viewer, which: follows.FollowList, page: PageQuery, avatar: string) =>
      follows.list(d, viewer, which, page, avatar),
    visitors: (viewer: Viewer, page: PageQuery, avatar: string) => visitors.visitors(d, viewer, page, avatar),
    settings: (viewer: Viewer) => visitors.settings(d, viewer),
    setSettings: (viewer: Viewer, s: SocialSettings) => visitors.setSettings(d, viewer, s),
  };
}
export type SocialService = ReturnType<typeof createSocialService>;

/**
 * The users module's card-view listener: records a card's visitors. A lower part over user_visits
 * and social_settings, built before the users, whose lists the social module then reads.
 */
export function createVisitLog(d: Pick<SocialDeps, 'db' | 'clock'>) {
  return (visitorId: number, uuid: number) => visitors.recordVisit(d, visitorId, uuid);
}
