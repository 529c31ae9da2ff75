import { PRACTICE_LISTS_MAX, type UserPractice } from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import { notFound } from '../../lib/errors';
import type { ClassesService } from '../classes';
import type { ProblemListsService } from '../problem-lists';
import type { ProblemsService } from '../problems';
import type { UsersService } from '../users';

/** What the 练习情况 reads, each through its owner's service. */
export interface PracticeDeps {
  users: Pick<UsersService, 'byId'>;
  problems: Pick<ProblemsService, 'solvedBreakdown' | 'solvedIdsSeenBy'>;
  problemLists: Pick<ProblemListsService, 'listsOf'>;
  classes: Pick<ClassesService, 'namesOf'>;
}

/**
 * A user card's 练习情况 (issue 29, docs/users.md), public like the card: an unknown user is not
 * found, a banned one answered as the card answers it. A fixed number of statements, whatever the
 * user solved: the user, the solved ids, the two grouped counts, one page of lists (with its
 * summaries' reads) and, when the user allows it, their classes.
 */
export async function practiceOf(d: PracticeDeps, viewer: Viewer, uuid: number): Promise<UserPractice> {
  const user = await d.users.byId(uuid);
  if (!user) throw notFound(`用户 ${uuid} 不存在`);
  const showClasses = user.show_classes === 1;
  const [solvedIds, breakdown, lists, classes] = await Promise.all([
    d.problems.solvedIdsSeenBy(viewer, uuid),
    d.problems.solvedBreakdown(uuid, null),
    d.problemLists.listsOf(viewer, uuid, { pageNum: 1, pageSize: PRACTICE_LISTS_MAX }),
    showClasses ? d.classes.namesOf(uuid) : Promise.resolve(null),
  ]);
  return {
    uuid,
    solved_ids: solvedIds,
    breakdown: breakdown,
    // The owner's own private lists come back to them too: the card shows the public ones only.
    lists: lists.records
      .filter((l) => l.public)
      .map((l) => ({ list_id: l.list_id, title: l.title, problem_count: l.problem_count })),
    classes,
  };
}
