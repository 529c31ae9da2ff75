import { z } from 'zod';
import { pageOf, pageQuery } from '../paging';

/**
 * The personal centre's social side (`/api/social/…`, every call for a signed-in user): follows
 * (friends are users who follow each other), recent visitors of my user card and whether they are
 * kept at all. Lists are the caller's own; the counts and relation of any user read through
 * `summary`. Banned and deleted users are in no list and no count.
 */

/** A user in a follow, friend or visitor list. `time`: when the follow began, or the visit. */
export const SocialUser = z.object({
  uuid: z.number().int(),
  account: z.string(),
  username: z.string(),
  avatar: z.string(),
  rating: z.number().int(),
  rated: z.boolean(),
  time: z.string(),
});
export type SocialUser = z.infer<typeof SocialUser>;

export const SocialUserPage = pageOf(SocialUser);
export type SocialUserPage = z.infer<typeof SocialUserPage>;

/** Recent visitors, latest first; `enabled` false when the owner turned recording off (no rows then). */
export const VisitorPage = pageOf(SocialUser).extend({ enabled: z.boolean() });
export type VisitorPage = z.infer<typeof VisitorPage>;

/** Counts of a user, and how the caller stands to that user. */
export const SocialSummary = z.object({
  uuid: z.number().int(),
  following: z.number().int(),
  followers: z.number().int(),
  friends: z.number().int(),
  /** The caller follows this user. */
  followed: z.boolean(),
  /** This user follows the caller. */
  follows_me: z.boolean(),
  /** Both (a friend). */
  friend: z.boolean(),
});
export type SocialSummary = z.infer<typeof SocialSummary>;

export const SocialListQuery = pageQuery(10);
export type SocialListQuery = z.infer<typeof SocialListQuery>;

export const SocialSettings = z.object({
  record_visitors: z.boolean({ error: '记录访客的取值必须是 true 或 false' }),
});
export type SocialSettings = z.infer<typeof SocialSettings>;
