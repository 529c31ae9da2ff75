import type { Viewer } from '../../lib/auth';
import { can } from '../../lib/permissions';
import type { Forum } from './deps';
import { afterAcProblems } from './policies-repo';

/**
 * One gate for all solution material of a problem (docs/competitions.md, "Solution material during
 * a contest"): the forum's solution and Q&A posts, and, through `SolutionGate`, shared code replays,
 * the solution video and the search. Two locks keep it from a viewer:
 * - a running contest (an official one from everyone, a user's contest from its participants)
 *   locks its problems' solutions and Q&A;
 * - a problem whose policy is after-AC locks its solutions until the viewer solved it.
 * Admins are never locked.
 */
export interface SolutionLocks {
  /** Problems whose solutions and Q&A a running contest keeps from the viewer. */
  contest: number[];
  /** Problems whose solutions the after-AC policy keeps from the viewer. */
  policy: number[];
}

/** What replays, videos and the search ask of the forum. */
export interface SolutionGate {
  /** The viewer's locks, for filters in one statement (search). */
  locks(viewer: Viewer): Promise<SolutionLocks>;
  /** Why the viewer may not read a problem's solutions now, or null when they may. */
  refusal(viewer: Viewer, problemId: number): Promise<string | null>;
}

export const CONTEST_LOCKED = '本题所在的比赛正在进行，题解和问答在比赛结束后可见';
export const POLICY_LOCKED = '通过本题后才能查看题解';

export const readsAll = (viewer: Viewer) => can(viewer, { action: 'post.readAll' });

/** Problems whose policy shows solutions only after an AC, less those the viewer solved. */
async function policyLocked(d: Forum, viewer: Viewer, only?: number): Promise<number[]> {
  const ids = await afterAcProblems(d.db, only);
  if (!ids.length || viewer.uuid < 0) return ids;
  const mine = await d.problems.statuses(viewer, ids);
  return ids.filter((id) => mine.get(id) !== 'solved');
}

/** The viewer's locks (`only`: just that problem's policy is read). */
export async function solutionLocks(d: Forum, viewer: Viewer, only?: number): Promise<SolutionLocks> {
  if (readsAll(viewer)) return { contest: [], policy: [] };
  const [contest, policy] = await Promise.all([
    d.contests.lockedProblems(viewer),
    policyLocked(d, viewer, only),
  ]);
  return { contest, policy };
}

/** Why `category` material of a problem is locked for these locks ('solution' | 'answer' | other). */
export function lockRefusal(locks: SolutionLocks, problemId: number, category: string): string | null {
  if (category !== 'solution' && category !== 'answer') return null;
  if (locks.contest.includes(problemId)) return CONTEST_LOCKED;
  if (category === 'solution' && locks.policy.includes(problemId)) return POLICY_LOCKED;
  return null;
}

export function solutionGate(d: Forum): SolutionGate {
  return {
    locks: (viewer) => solutionLocks(d, viewer),
    refusal: async (viewer, problemId) =>
      lockRefusal(await solutionLocks(d, viewer, problemId), problemId, 'solution'),
  };
}
