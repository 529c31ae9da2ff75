import type { SearchKind } from '@oj/shared';
import type { AppContext } from './context';
import {
  batches,
  competitionSource,
  courseSource,
  postSource,
  problemSource,
  type SearchSource,
  userSource,
} from './modules/search';

/**
 * The kinds the search indexes, each kept in sync through the outbox topic of its name ('post' and
 * 'course' are written by the forum and the courses).
 */
export function searchSources(
  s: Pick<AppContext, 'problems' | 'users' | 'competitions' | 'forum' | 'courses'>,
): Partial<Record<SearchKind, SearchSource>> {
  return {
    problem: problemSource(s.problems),
    user: userSource(s.users),
    competition: competitionSource(s.competitions),
    post: postSource(s.forum.postsForIndex, () => batches(s.forum.postIdsAfter)),
    course: courseSource(s.courses.coursesForIndex, () => batches(s.courses.courseIdsAfter)),
  };
}
