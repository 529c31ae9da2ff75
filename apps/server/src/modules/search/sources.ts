import { algorithmTagIndex, Role } from '@oj/shared';
import type { CompetitionsService } from '../competitions';
import type { ProblemsService } from '../problems';
import type { UsersService } from '../users';
import { batches, type SearchDoc, type SearchSource } from './deps';

/**
 * The sources of the kinds that exist today (problems, users, contests), reading through their
 * modules' services, and the adapters the forum and the courses plug in (`postSource`,
 * `courseSource`): each turns its module's rows into search documents.
 */

const parseIds = (json: string): number[] => {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : [];
  } catch {
    return [];
  }
};

/** Algorithm problems: hidden ones are indexed too (admins find them; the index's filters hide them). */
export function problemSource(problems: Pick<ProblemsService, 'forIndex' | 'idsAfter'>): SearchSource {
  return {
    async load(ids) {
      return (await problems.forIndex(ids)).map((r): SearchDoc => {
        const tagIds = parseIds(r.tags);
        const tags = tagIds.map((id) => algorithmTagIndex.byId(id)?.tag_name).filter((t): t is string => !!t);
        return {
          id: r.id,
          title: r.chinese_name,
          body: `${r.english_name}\n${r.description}`,
          searchable: r.is_delete === 0,
          names: r.english_name ? [r.english_name] : [],
          tags,
          visibility: { problem_id: r.id },
          filter: { difficulty: r.difficulty, source: r.source_name },
          fields: {
            english_name: r.english_name,
            difficulty: r.difficulty,
            tags_list: tagIds,
            tags,
            source_name: r.source_name,
            submit_num: r.submit_num,
            accept_num: r.accept_num,
            visible: r.visible === 1,
          },
        };
      });
    },
    allIds: () => batches((after, limit) => problems.idsAfter(after, limit)),
  };
}

/** Users by name, account and profile; banned users are not in the index at all. */
export function userSource(users: Pick<UsersService, 'forIndex' | 'idsAfter'>): SearchSource {
  return {
    async load(ids) {
      return (await users.forIndex(ids)).map((u) => ({
        id: u.id,
        title: u.username,
        body: [u.school, u.profile].filter(Boolean).join('\n'),
        searchable: u.role !== Role.Ban && u.is_delete === 0,
        names: [u.account],
        fields: {
          account: u.account,
          username: u.username,
          avatar: u.avatar,
          rating: u.rating,
          rated: u.rated,
          school: u.school,
        },
      }));
    },
    allIds: () => batches((after, limit) => users.idsAfter(after, limit)),
  };
}

/** Contests by name and description. */
export function competitionSource(
  competitions: Pick<CompetitionsService, 'forIndex' | 'idsAfter'>,
): SearchSource {
  return {
    async load(ids) {
      return (await competitions.forIndex(ids)).map((c) => ({
        id: c.id,
        title: c.name,
        body: c.description,
        searchable: c.is_delete === 0,
        fields: {
          type: c.type,
          start_time: c.start_time,
          end_time: c.end_time,
          has_password: c.password_hash !== null,
          rated: c.rated === 1,
        },
      }));
    },
    allIds: () => batches((after, limit) => competitions.idsAfter(after, limit)),
  };
}

/** What the forum's `postsForIndex(ids)` answers. */
export interface PostForIndex {
  id: number;
  title: string;
  content: string;
  category: string | number;
  problem_id: number | null;
  tags: string[];
  author_id: number;
  thumbs: number;
  comments: number;
  create_time: string;
  /** False for deleted or hidden posts. */
  searchable: boolean;
}

/**
 * The forum's adapter: `postSource(forum.postsForIndex, forum.allPostIds)`. A post about a problem
 * is hidden with the problem; its solutions and Q&A also while a contest locks them for the viewer.
 */
export function postSource(
  load: (ids: number[]) => Promise<PostForIndex[]>,
  allIds: () => AsyncIterable<number[]>,
): SearchSource {
  return {
    async load(ids) {
      return (await load(ids)).map((p) => ({
        id: p.id,
        title: p.title,
        body: p.content,
        searchable: p.searchable,
        tags: p.tags,
        visibility: {
          problem_id: p.problem_id,
          solution_of: p.category === 'solution' ? p.problem_id : null,
          material_of: p.category === 'solution' || p.category === 'answer' ? p.problem_id : null,
        },
        filter: { author_id: p.author_id },
        fields: {
          category: p.category,
          problem_id: p.problem_id,
          tags: p.tags,
          author_id: p.author_id,
          thumbs: p.thumbs,
          comments: p.comments,
          create_time: p.create_time,
        },
      }));
    },
    allIds,
  };
}

/** What the courses' `coursesForIndex(ids)` answers. */
export interface CourseForIndex {
  id: number;
  title: string;
  description: string;
  price_fen: number;
  searchable: boolean;
  /** Set for members-only content of a course (a lesson): only its members see it. */
  members_of?: number | null;
}

/** The courses' adapter: `courseSource(courses.coursesForIndex, courses.allCourseIds)`. */
export function courseSource(
  load: (ids: number[]) => Promise<CourseForIndex[]>,
  allIds: () => AsyncIterable<number[]>,
): SearchSource {
  return {
    async load(ids) {
      return (await load(ids)).map((c) => ({
        id: c.id,
        title: c.title,
        body: c.description,
        searchable: c.searchable,
        visibility: { members_of: c.members_of ?? null },
        fields: { price_fen: c.price_fen },
      }));
    },
    allIds,
  };
}
