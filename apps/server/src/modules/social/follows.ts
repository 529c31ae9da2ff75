import { Role, type Page, type PageQuery, type SocialSummary } from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import { badRequest, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import type { SocialContext } from './deps';
import type { Listed } from './repo';

/** The user to follow: live and not banned (a banned or deleted account cannot be followed). */
async function followable(c: SocialContext, viewer: Viewer, uuid: number): Promise<void> {
  if (uuid === viewer.uuid) throw badRequest('不能关注自己', 'uuid');
  const u = await c.users.byId(uuid);
  if (!u) throw notFound(`用户 ${uuid} 不存在`);
  if (u.role === Role.Ban) throw badRequest('该用户已被封禁，不能关注', 'uuid');
}

/** Counts of `uuid` (banned and deleted users not counted) and how the viewer stands to them. */
export async function summary(c: SocialContext, viewer: Viewer, uuid: number): Promise<SocialSummary> {
  const u = await c.users.byId(uuid);
  if (!u) throw notFound(`用户 ${uuid} 不存在`);
  const [counts, rel] = await Promise.all([c.repo.counts(uuid), c.repo.between(viewer.uuid, uuid)]);
  const self = viewer.uuid === uuid;
  return {
    uuid,
    ...counts,
    followed: !self && rel.aFollowsB,
    follows_me: !self && rel.bFollowsA,
    friend: !self && rel.aFollowsB && rel.bFollowsA,
  };
}

export async function follow(c: SocialContext, viewer: Viewer, uuid: number): Promise<SocialSummary> {
  await followable(c, viewer, uuid);
  await c.repo.follow(viewer.uuid, uuid, nowIso(c.clock));
  return summary(c, viewer, uuid);
}

/** Unfollowing someone not followed (or gone) is not an error: the result is the same. */
export async function unfollow(c: SocialContext, viewer: Viewer, uuid: number): Promise<SocialSummary> {
  await c.repo.unfollow(viewer.uuid, uuid);
  return summary(c, viewer, uuid);
}

export type FollowList = 'following' | 'followers' | 'friends';

/** One of the caller's own lists, newest first. */
export async function listOf(
  c: SocialContext,
  viewer: Viewer,
  which: FollowList,
  page: PageQuery,
): Promise<Page<Listed>> {
  if (which === 'following') return c.repo.followingPage(viewer.uuid, page);
  if (which === 'followers') return c.repo.followersPage(viewer.uuid, page);
  const p = await c.repo.friendsPage(viewer.uuid, page);
  // A friendship begins with the second follow.
  const records = p.records.map((r) => ({ id: r.id, time: r.mine > r.theirs ? r.mine : r.theirs }));
  return { ...p, records };
}
