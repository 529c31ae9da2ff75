import type {
  CourseDetail,
  CoursePageQuery,
  CourseProblemList,
  CourseRankPage,
  CourseSummary,
  MyStatus,
} from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import { loadMarkdownHtml, markdownHtml } from '../../lib/markdown-html';
import { can } from '../../lib/permissions';
import { type CoursesDeps, livePlan, planHead } from './deps';
import { planProgress, refKey, type StatusMap } from './progress';
import * as repo from './repo';
import type { Outline, ProblemRef } from './repo';
import * as members from './members-repo';
import type { StudyPlanRow } from './tables';

/**
 * The read paths of plans and courses. Every one decides what a viewer may see through
 * `can(viewer, 'course.viewContent')`: the outline (titles, problems) is public, lesson content and
 * videos are for members of a course (all of a free plan), and the first lesson is a preview.
 */

/** Titles of the problems a viewer may see (hidden and deleted ones are left out for non-admins). */
async function visibleProblems(
  d: CoursesDeps,
  viewer: Viewer,
  refs: ProblemRef[],
): Promise<(ProblemRef & { title: string })[]> {
  const publishedOnly = !can(viewer, { action: 'problem.viewHidden' });
  const ids = (kind: string) => [...new Set(refs.filter((r) => r.kind === kind).map((r) => r.problem_id))];
  const [alg, math] = await Promise.all([
    d.problems.liveNames(ids('algorithm'), { publishedOnly }),
    d.math408.liveTitles(ids('math408'), { publishedOnly }),
  ]);
  return refs.flatMap((r) => {
    const title = (r.kind === 'algorithm' ? alg : math).get(r.problem_id);
    return title === undefined ? [] : [{ ...r, title }];
  });
}

async function viewerStatuses(d: CoursesDeps, viewer: Viewer, refs: ProblemRef[]): Promise<StatusMap> {
  const out: StatusMap = new Map();
  const ids = (kind: string) => [...new Set(refs.filter((r) => r.kind === kind).map((r) => r.problem_id))];
  const [alg, math] = await Promise.all([
    d.problems.statuses(viewer, ids('algorithm')),
    d.math408.statuses(viewer, ids('math408')),
  ]);
  for (const [id, st] of alg) out.set(`algorithm:${id}`, st);
  for (const [id, st] of math) out.set(`math408:${id}`, st);
  return out;
}

/** Solved counts of many users over some problems (course rank, list progress); batched. */
export async function solvedCounts(
  d: CoursesDeps,
  userIds: number[],
  refs: ProblemRef[],
): Promise<Map<number, Set<string>>> {
  const out = new Map<number, Set<string>>();
  const ids = (kind: string) => [...new Set(refs.filter((r) => r.kind === kind).map((r) => r.problem_id))];
  for (let i = 0; i < userIds.length; i += 500) {
    const chunk = userIds.slice(i, i + 500);
    const [alg, math] = await Promise.all([
      d.problems.solvedBy(chunk, ids('algorithm')),
      d.math408.solvedBy(chunk, ids('math408')),
    ]);
    const add = (u: number, key: string) => out.set(u, (out.get(u) ?? new Set()).add(key));
    for (const r of alg) add(r.user_id, `algorithm:${r.problem_id}`);
    for (const r of math) add(r.user_id, `math408:${r.question_id}`);
  }
  return out;
}

const firstLessonId = (o: Outline, planId: number) => o.lessons.find((l) => l.plan_id === planId)?.id ?? null;

function summary(
  plan: StudyPlanRow,
  extra: { members: number; joined: boolean; solved: number; total: number },
): CourseSummary {
  return {
    ...planHead(plan),
    member_count: extra.members,
    joined: extra.joined,
    solved: extra.solved,
    problem_total: extra.total,
  };
}

/** Summaries of some plans for a viewer: member counts, joined, progress (a fixed number of statements). */
async function summaries(d: CoursesDeps, viewer: Viewer, plans: StudyPlanRow[]): Promise<CourseSummary[]> {
  const ids = plans.map((p) => p.id);
  const [counts, joined, outline] = await Promise.all([
    members.memberCounts(d.db, ids),
    members.memberOf(d.db, viewer.uuid, ids),
    repo.outlineOf(d.db, ids),
  ]);
  const refs = await visibleProblems(d, viewer, outline.problems);
  const mine =
    viewer.uuid > 0
      ? ((await solvedCounts(d, [viewer.uuid], refs)).get(viewer.uuid) ?? new Set())
      : new Set();
  return plans.map((p) => {
    const own = refs.filter((r) => r.plan_id === p.id);
    return summary(p, {
      members: counts.get(p.id) ?? 0,
      joined: joined.has(p.id),
      solved: joined.has(p.id) ? own.filter((r) => mine.has(refKey(r))).length : 0,
      total: own.length,
    });
  });
}

/** `/study`: every plan and course, the ones the viewer joined first, then the newest. */
export async function studyHome(d: CoursesDeps, viewer: Viewer): Promise<CourseSummary[]> {
  const plans = await repo.livePlans(d.db, 500);
  const all = await summaries(d, viewer, plans);
  return [...all.filter((p) => p.joined), ...all.filter((p) => !p.joined)];
}

/** `course/search/pageNum`: courses only, newest first. */
export async function coursePage(d: CoursesDeps, viewer: Viewer, q: CoursePageQuery) {
  const { total, rows } = await repo.coursePage(d.db, q);
  return { records: await summaries(d, viewer, rows), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

/** One plan or course with its sections, the viewer's progress and what may be opened. */
export async function detail(d: CoursesDeps, viewer: Viewer, id: number): Promise<CourseDetail> {
  const plan = await livePlan(d, id);
  const [outline, joined, counts] = await Promise.all([
    repo.outlineOf(d.db, [id]),
    members.memberOf(d.db, viewer.uuid, [id]),
    members.memberCounts(d.db, [id]),
    loadMarkdownHtml(),
  ]);
  const member = joined.has(id);
  const kind = plan.kind === 'plan' ? 'plan' : 'course';
  const canView = can(viewer, { action: 'course.viewContent', subject: { kind, member } });
  const refs = await visibleProblems(d, viewer, outline.problems);
  const statuses = await viewerStatuses(d, viewer, refs);
  const previewId = firstLessonId(outline, id);
  const progress = planProgress({
    sections: outline.sections,
    lessons: outline.lessons,
    problems: refs,
    statuses,
    openLesson: (l) => canView || l.id === previewId,
    previewId,
  });
  return {
    ...summary(plan, {
      members: counts.get(id) ?? 0,
      joined: member,
      solved: member ? progress.solved : 0,
      total: progress.total,
    }),
    description_html: markdownHtml(plan.description),
    can_view_content: canView,
    sections: progress.sections,
    next: member ? progress.next : null,
  };
}

/** `course/search/problems`: the problems of a course in order, with the viewer's status. */
export async function problemsOf(d: CoursesDeps, viewer: Viewer, id: number): Promise<CourseProblemList> {
  await livePlan(d, id);
  const outline = await repo.outlineOf(d.db, [id]);
  const refs = await visibleProblems(d, viewer, outline.problems);
  const statuses = await viewerStatuses(d, viewer, refs);
  return refs.map((r) => ({
    section_index: r.section_idx,
    kind: r.kind,
    problem_id: r.problem_id,
    title: r.title,
    my_status: (statuses.get(refKey(r)) ?? 'none') as MyStatus,
  }));
}

/** `course/search/rank`: members by problems solved, ties by who joined first. */
export async function rank(
  d: CoursesDeps,
  viewer: Viewer,
  q: { course_id: number; pageNum: number; pageSize: number },
): Promise<CourseRankPage> {
  await livePlan(d, q.course_id);
  const [rows, outline] = await Promise.all([
    members.membersOf(d.db, q.course_id),
    repo.outlineOf(d.db, [q.course_id]),
  ]);
  const refs = await visibleProblems(d, viewer, outline.problems);
  const solved = await solvedCounts(
    d,
    rows.map((m) => m.user_id),
    refs,
  );
  const sorted = rows
    .map((m) => ({ user_id: m.user_id, join_time: m.join_time, solved: solved.get(m.user_id)?.size ?? 0 }))
    .sort((a, b) => b.solved - a.solved || a.join_time.localeCompare(b.join_time) || a.user_id - b.user_id);
  const start = (q.pageNum - 1) * q.pageSize;
  const page = sorted.slice(start, start + q.pageSize);
  const briefs = await d.users.briefs(page.map((m) => m.user_id));
  return {
    records: page.map((m, i) => ({
      rank: start + i + 1,
      uuid: m.user_id,
      username: briefs.get(m.user_id)?.username ?? '已注销用户',
      solved: m.solved,
      join_time: m.join_time,
    })),
    total: sorted.length,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
  };
}
