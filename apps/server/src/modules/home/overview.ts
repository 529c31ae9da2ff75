import type { HomeOverview } from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import { can } from '../../lib/permissions';
import type { HomeDeps } from './deps';

/** Contests of each kind (running, upcoming), posts of each list and announcements shown. */
export const HOME_LIMITS = { contests: 5, posts: 6, announcements: 5 } as const;

/**
 * The home page of `viewer`, in one answer. Every part comes from its owner's service with the
 * viewer's rights, so each keeps its own rules: the forum leaves out hidden posts, hidden
 * problems' posts and what a running contest keeps from its participants; the problems module
 * never offers a hidden problem as daily or last problem; announcements are the published,
 * unexpired ones. Each list is a fixed number of batch statements (no per-item reads).
 */
export async function overview(d: HomeDeps, viewer: Viewer): Promise<HomeOverview> {
  const page = { pageNum: 1, pageSize: HOME_LIMITS.posts };
  const loggedIn = viewer.uuid > 0;
  const [daily, contests, announcements, hot, solutions, top, progress, last] = await Promise.all([
    d.problems.daily(viewer),
    d.competitions.current(viewer, HOME_LIMITS.contests),
    d.announcements.list({ pageNum: 1, pageSize: HOME_LIMITS.announcements }),
    d.forum.search(viewer, { ...page, sort: 'hot' }),
    d.forum.search(viewer, { ...page, sort: 'new', category: 'solution' }),
    d.competitions.top(),
    loggedIn ? d.problems.progress(viewer) : null,
    loggedIn ? d.problems.last(viewer) : null,
  ]);
  // The automatic pick is always a published problem; a hidden one is never today's for readers.
  const dailyShown =
    daily && (daily.problem.visible || can(viewer, { action: 'problem.viewHidden' })) ? daily : null;
  return {
    server_time: new Date().toISOString(),
    daily: dailyShown,
    running: contests.running,
    upcoming: contests.upcoming,
    announcements: announcements.records,
    hot_posts: hot.records,
    new_solutions: solutions.records,
    top,
    me: progress ? { progress, last } : null,
  };
}
