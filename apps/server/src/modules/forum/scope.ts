import { type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/types';
import type { Viewer } from '../../lib/auth';
import { forbidden, notFound } from '../../lib/errors';
import { can } from '../../lib/permissions';
import type { Forum } from './deps';

/**
 * What of the forum a viewer may read. Admins read everything that is not deleted. Others do not
 * see hidden posts (their authors still open them), posts of hidden problems, the solutions and
 * Q&A of the problems of a running contest they take part in, nor the solutions of a problem whose
 * policy asks for an AC they do not have.
 */
export interface Scope {
  admin: boolean;
  contestHidden: number[];
  solutionLocked: number[];
}

export const readsAll = (viewer: Viewer) => can(viewer, { action: 'post.readAll' });

/** Problems whose policy shows solutions only after an AC, less those the viewer solved. */
export async function lockedSolutions(f: Forum, viewer: Viewer, only?: number): Promise<number[]> {
  let q = f.db.selectFrom('forum_solution_policies').select('problem_id').where('policy', '=', 'after_ac');
  if (only !== undefined) q = q.where('problem_id', '=', only);
  const ids = (await q.execute()).map((r) => r.problem_id);
  if (!ids.length || viewer.uuid < 0) return ids;
  const mine = await f.problems.statuses(viewer, ids);
  return ids.filter((id) => mine.get(id) !== 'solved');
}

export async function scopeOf(f: Forum, viewer: Viewer, only?: number): Promise<Scope> {
  if (readsAll(viewer)) return { admin: true, contestHidden: [], solutionLocked: [] };
  const [contestHidden, solutionLocked] = await Promise.all([
    viewer.uuid > 0 ? f.contests.hiddenProblemsFor(viewer.uuid) : Promise.resolve([]),
    lockedSolutions(f, viewer, only),
  ]);
  return { admin: false, contestHidden, solutionLocked };
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
  if (category !== 'solution' && category !== 'answer') return scope;
  if (scope.contestHidden.includes(problemId))
    throw forbidden('你参加的比赛正在进行，本题的题解和问答在比赛结束后可见');
  if (category === 'solution' && scope.solutionLocked.includes(problemId))
    throw forbidden('通过本题后才能查看题解');
  return scope;
}
