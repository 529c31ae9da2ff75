import type { PageQuery, SocialUserPage, VisitorPage } from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import type { SocialDeps } from './deps';
import { follow, type FollowList, listOf, summary, unfollow } from './follows';
import { presentListed } from './present';
import { createSocialRepo } from './repo';
import { recordVisit, setRecordVisitors, visitors } from './visitors';

/**
 * Follows, friends and recent visitors. Lists read the caller's own rows in one statement (banned
 * and deleted users left out by the users module's subquery) and the listed users in one batch.
 */
export function createSocialService(deps: SocialDeps) {
  const c = { ...deps, repo: createSocialRepo(deps.db, deps.users.inactiveIds) };
  return {
    summary: (viewer: Viewer, uuid: number) => summary(c, viewer, uuid),
    follow: (viewer: Viewer, uuid: number) => follow(c, viewer, uuid),
    unfollow: (viewer: Viewer, uuid: number) => unfollow(c, viewer, uuid),
    async list(viewer: Viewer, which: FollowList, page: PageQuery, avatar: string): Promise<SocialUserPage> {
      const rows = await listOf(c, viewer, which, page);
      return presentListed(rows, await c.users.byIds(rows.records.map((r) => r.id)), avatar);
    },
    async visitors(viewer: Viewer, page: PageQuery, avatar: string): Promise<VisitorPage> {
      const v = await visitors(c, viewer, page);
      const users = await c.users.byIds(v.page.records.map((r) => r.id));
      return { ...presentListed(v.page, users, avatar), enabled: v.enabled };
    },
    /** Heard from the users module's card views (wired in services.ts). */
    settings: async (viewer: Viewer) => ({ record_visitors: await c.repo.recordsVisitors(viewer.uuid) }),
    async setSettings(viewer: Viewer, s: { record_visitors: boolean }) {
      await setRecordVisitors(c, viewer, s.record_visitors);
      return { record_visitors: s.record_visitors };
    },
  };
}
export type SocialService = ReturnType<typeof createSocialService>;

/**
 * The users module's card-view listener: records a card's visitors. A lower part over user_visits
 * and social_settings, built before the users, whose lists the social module then reads.
 */
export function createVisitLog(d: Pick<SocialDeps, 'db' | 'clock'>) {
  return (visitorId: number, uuid: number) => recordVisit(d, visitorId, uuid);
}
