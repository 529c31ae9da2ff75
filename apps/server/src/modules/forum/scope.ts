import { type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/types';
import type { Viewer } from '../../lib/auth';
import { forbidden, notFound } from '../../lib/errors';
import type { Forum } from './deps';
import { lockRefusal, readsAll, solutionLocks } from './solution-gate';

/**
 * What of the forum a viewer may read. Admins read everything that is not deleted. Others do not
 * see hidden posts (their authors still open them), posts of hidden problems, the solutions and
 * Q&A of the problems a running contest locks for them (solution-gate.ts), nor the solutions of a
 * problem whose policy asks for an AC they do not have.
 */
export interface Scope {
  admin: boolean;
  contestHidden: number[];
  solutionLocked: number[];
}

export async function scopeOf(f: Forum, viewer: Viewer, only?: number): Promise<Scope> {
  const locks = await solutionLocks(f, viewer, only);
  return { admin: readsAll(viewer), contestHidden: locks.contest, solutionLocked: locks.policy };
}

/** The scope as a condition on `posts` (lists: one statement whatever the viewer). */
export function scopeFilter(f: Forum, scope: Scope) {
  return (eb: ExpressionBuilder<Database, 'posts'>): Expression<SqlBool> => {
    const conds: Expression<SqlBool>[] = [eb('posts.is_delete', '=', 0)];
    if (!scope.admin) {
      conds.push(eb('posts.hidden', '=', 0));
      conds.push(
        eb.or([eb('posts.problem_id', 'is', null), eb('posts.problem_id', 'not in', f.problems.hiddenIds())]),
      );
    }
    if (scope.contestHidden.length)
      conds.push(
        eb.not(
          eb.and([
            eb('posts.category', 'in', ['solution', 'answer']),
            eb('posts.problem_id', 'in', scope.contestHidden),
          ]),
        ),
      );
    if (scope.solutionLocked.length)
      conds.push(
        eb.not(
          eb.and([eb('posts.category', '=', 'solution'), eb('posts.problem_id', 'in', scope.solutionLocked)]),
        ),
      );
    return eb.and(conds);
  };
}

/**
 * Refuses a problem's posts the viewer may not read (a problem's own list, or one post of it);
 * answers the viewer's scope for that problem.
 */
export async function checkProblemPosts(
  f: Forum,
  viewer: Viewer,
  problemId: number,
  category: string,
): Promise<Scope> {
  const [problem, scope] = await Promise.all([f.problems.row(problemId), scopeOf(f, viewer, problemId)]);
  if (!problem || (problem.visible !== 1 && !readsAll(viewer))) throw notFound(`题目 ${problemId} 不存在`);
  const refusal = lockRefusal({ contest: scope.contestHidden, policy: scope.solutionLocked }, problemId, category);
  if (refusal) throw forbidden(refusal);
  return scope;
}
