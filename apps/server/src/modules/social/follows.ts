import { Role, type PageQuery, type SocialSummary, type SocialUserPage } from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import { badRequest, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import type { SocialDeps } from './deps';
import { presentListed } from './present';
import * as repo from './repo';

/** The user to follow: live and not banned (a banned or deleted account cannot be followed). */
async function followable(d: SocialDeps, viewer: Viewer, uuid: number): Promise<void> {
  if (uuid === viewer.uuid) throw badRequest('不能关注自己', 'uuid');
  const u = await d.users.byId(uuid);
  if (!u) throw notFound(`用户 ${uuid} 不存在`);
  if (u.role === Role.Ban) throw badRequest('该用户已被封禁，不能关注', 'uuid');
}

/** Counts of `uuid` (banned and deleted users not counted) and how the viewer stands to them. */
export async function summary(d: SocialDeps, viewer: Viewer, uuid: number): Promise<SocialSummary> {
  const u = await d.users.byId(uuid);
  if (!u) throw notFound(`用户 ${uuid} 不存在`);
  const [counts, rel] = await Promise.all([
    repo.counts(d.db, uuid, d.users.inactiveIds()),
    repo.between(d.db, viewer.uuid, uuid),
  ]);
  const self = viewer.uuid === uuid;
  return {
    uuid,
    ...counts,
    followed: !self && rel.aFollowsB,
    follows_me: !self && rel.bFollowsA,
    friend: !self && rel.aFollowsB && rel.bFollowsA,
  };
}

export async function follow(d: SocialDeps, viewer: Viewer, uuid: number): Promise<SocialSummary> {
  await followable(d, viewer, uuid);
  await repo.insertFollow(d.db, viewer.uuid, uuid, nowIso(d.clock));
  return summary(d, viewer, uuid);
}

/** Unfollowing someone not followed (or gone) is not an error: the result is the same. */
export async function unfollow(d: SocialDeps, viewer: Viewer, uuid: number): Promise<SocialSummary> {
  await repo.deleteFollow(d.db, viewer.uuid, uuid);
  return summary(d, viewer, uuid);
}

export type FollowList = 'following' | 'followers' | 'friends';

/** One of the caller's own lists, newest first, as ids. */
async function idsOf(d: SocialDeps, viewer: Viewer, which: FollowList, page: PageQuery) {
  const inactive = d.users.inactiveIds();
  if (which === 'following') return repo.followingPage(d.db, viewer.uuid, page, inactive);
  if (which === 'followers') return repo.followersPage(d.db, viewer.uuid, page, inactive);
  const p = await repo.friendsPage(d.db, viewer.uuid, page, inactive);
  // A friendship begins with the second follow.
  const records = p.records.map((r) => ({ id: r.id, time: r.mine > r.theirs ? r.mine : r.theirs }));
  return { ...p, records };
}

/** One of the caller's own lists, newest first, with the listed users read in one batch. */
export async function list(
  d: SocialDeps,
  viewer: Viewer,
  which: FollowList,
  page: PageQuery,
  avatar: string,
): Promise<SocialUserPage> {
  const rows = await idsOf(d, viewer, which, page);
  return presentListed(rows, await d.users.byIds(rows.records.map((r) => r.id)), avatar);
}
