import type { IdSubquery } from '../../db/scoped';
import type { Viewer } from '../../lib/auth';
import { forbidden, notFound } from '../../lib/errors';
import type { Forum } from './deps';
import { lockRefusal, readsAll, solutionLocks } from './solution-gate';

/**
 * What of the forum a viewer may read. Admins read everything that is not deleted. Others do not
 * see hidden posts (their authors still open them), posts of hidden problems, the solutions and
 * Q&A of the problems a running contest locks for them (solution-gate.ts), nor the solutions of a
 * problem whose policy asks for an AC they do not have. The lists apply it as one condition
 * (posts-repo.ts).
 */
export interface Scope {
  admin: boolean;
  contestHidden: number[];
  solutionLocked: number[];
  /** The hidden problems' ids (the problems module's subquery), for those who are not admins. */
  hiddenProblems: IdSubquery;
}

export async function scopeOf(d: Forum, viewer: Viewer, only?: number): Promise<Scope> {
  const locks = await solutionLocks(d, viewer, only);
  return {
    admin: readsAll(viewer),
    contestHidden: locks.contest,
    solutionLocked: locks.policy,
    hiddenProblems: d.problems.hiddenIds(),
  };
}

/**
 * Refuses a problem's posts the viewer may not read (a problem's own list, or one post of it);
 * answers the viewer's scope for that problem.
 */
export async function checkProblemPosts(
  d: Forum,
  viewer: Viewer,
  problemId: number,
  category: string,
): Promise<Scope> {
  const [problem, scope] = await Promise.all([d.problems.row(problemId), scopeOf(d, viewer, problemId)]);
  if (!problem || (problem.visible !== 1 && !readsAll(viewer))) throw notFound(`题目 ${problemId} 不存在`);
  const refusal = lockRefusal(
    { contest: scope.contestHidden, policy: scope.solutionLocked },
    problemId,
    category,
  );
  if (refusal) throw forbidden(refusal);
  return scope;
}
