import type {
  CourseAddInput,
  CourseAdminView,
  CourseProblemSetRequest,
  CourseUserSetRequest,
} from '@oj/shared';
import { badRequest, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { COURSE_TOPIC, type CoursesDeps, livePlan, planHead } from './deps';
import * as repo from './repo';
import * as members from './members-repo';
import type { Videos } from './video-access';

/**
 * Management of plans and courses (admins; the routes guard it). Each change runs in one
 * transaction that also writes `course <id>` to the outbox, so the search index never misses it.
 */

/** Problems must exist (hidden ones are allowed: an admin may put a hidden problem in a course). */
async function checkProblems(d: CoursesDeps, input: CourseAddInput): Promise<void> {
  const refs = input.sections.flatMap((s) => s.problems);
  const ids = (kind: string) => [...new Set(refs.filter((r) => r.kind === kind).map((r) => r.problem_id))];
  const [alg, math] = await Promise.all([
    d.problems.liveNames(ids('algorithm')),
    d.math408.liveTitles(ids('math408')),
  ]);
  for (const id of ids('algorithm')) if (!alg.has(id)) throw badRequest(`题目 ${id} 不存在`, 'problems');
  for (const id of ids('math408'))
    if (!math.has(id)) throw badRequest(`数学/408 题目 ${id} 不存在`, 'problems');
}

/**
 * `course/admin/add`: creates a plan or course, or with `course_id` replaces its content; the
 * stored video files of the lessons it removed are deleted after the commit.
 */
export async function saveCourse(d: Videos, input: CourseAddInput): Promise<{ course_id: number }> {
  const { course_id, orphans } = await storeCourse(d, input);
  await d.local.remove(orphans);
  return { course_id };
}

/** The rows of `saveCourse`, in one transaction; answers the removed lessons' video files. */
async function storeCourse(
  d: CoursesDeps,
  input: CourseAddInput,
): Promise<{ course_id: number; orphans: (string | null)[] }> {
  await checkProblems(d, input);
  if (input.course_id !== undefined) await livePlan(d, input.course_id);
  const now = nowIso();
  const fields = {
    kind: input.kind,
    title: input.title,
    description: input.description,
    cover: input.cover || null,
    price_fen: input.price_fen,
    searchable: input.searchable ? 1 : 0,
    update_time: now,
  };
  return repo.inTransaction(d.db, async (trx) => {
    let planId = input.course_id;
    if (planId === undefined) planId = await repo.insertPlan(trx, { ...fields, create_time: now });
    else await repo.updatePlan(trx, planId, fields);
    const orphans = await writeOutline(trx, planId, input);
    await d.outbox.add(trx, COURSE_TOPIC, planId);
    return { course_id: planId, orphans };
  });
}

/**
 * Replaces sections and problems; lessons given back with their id keep it (and their video),
 * lessons left out are removed.
 */
async function writeOutline(trx: repo.Db, planId: number, input: CourseAddInput): Promise<(string | null)[]> {
  await repo.clearSectionsAndProblems(trx, planId);
  const before = await repo.lessonFilesOf(trx, planId);
  const existing = new Set(before.map((r) => r.id));
  const kept = new Set<number>();
  for (const [si, s] of input.sections.entries()) {
    await repo.insertSection(trx, {
      plan_id: planId,
      idx: si,
      title: s.title,
      description: s.description,
      requires: JSON.stringify(s.requires),
    });
    await repo.insertProblems(
      trx,
      s.problems.map((p, i) => ({
        plan_id: planId,
        section_idx: si,
        idx: i,
        kind: p.kind,
        problem_id: p.problem_id,
      })),
    );
    for (const [li, l] of s.lessons.entries()) {
      const values = { section_idx: si, idx: li, title: l.title, content: l.content };
      if (l.id !== undefined && existing.has(l.id) && !kept.has(l.id)) {
        kept.add(l.id);
        await repo.updateLesson(trx, l.id, values);
      } else {
        await repo.insertLesson(trx, { ...values, plan_id: planId });
      }
    }
  }
  const gone = before.filter((l) => !kept.has(l.id));
  await repo.deleteLessons(
    trx,
    gone.map((l) => l.id),
  );
  return gone.flatMap((l) => [l.video, l.poster]);
}

/** `course/admin/delete`: the course disappears from every read path; members keep their rows. */
export async function deleteCourse(d: CoursesDeps, id: number): Promise<void> {
  await livePlan(d, id);
  await repo.inTransaction(d.db, async (trx) => {
    await repo.updatePlan(trx, id, { is_delete: 1, update_time: nowIso() });
    await d.outbox.add(trx, COURSE_TOPIC, id);
  });
}

/** `course/admin/problem/set`: replaces the algorithm problems of one section (the first by default). */
export async function setProblems(d: CoursesDeps, req: CourseProblemSetRequest): Promise<void> {
  await livePlan(d, req.course_id);
  const section = req.section_index ?? 0;
  const ids = [...new Set(req.problem_ids)];
  const names = await d.problems.liveNames(ids);
  for (const id of ids) if (!names.has(id)) throw badRequest(`题目 ${id} 不存在`, 'problem_ids');
  await repo.inTransaction(d.db, async (trx) => {
    if (!(await repo.sectionExists(trx, req.course_id, section))) {
      if (section !== 0) throw badRequest(`第 ${section + 1} 章不存在`, 'section_index');
      await repo.insertSection(trx, {
        plan_id: req.course_id,
        idx: 0,
        title: '课程题目',
        description: '',
        requires: '[]',
      });
    }
    const kept = await repo.sectionProblemsOfKind(trx, req.course_id, section, 'math408');
    await repo.deleteSectionProblems(trx, req.course_id, section);
    const rows = [...ids.map((problem_id) => ({ kind: 'algorithm', problem_id })), ...kept];
    await repo.insertProblems(
      trx,
      rows.map((r, idx) => ({ plan_id: req.course_id, section_idx: section, idx, ...r })),
    );
    await d.outbox.add(trx, COURSE_TOPIC, req.course_id);
  });
}

/** `course/admin/user/set`: admins add (free of charge) or remove members. */
export async function setUsers(d: CoursesDeps, req: CourseUserSetRequest): Promise<void> {
  await livePlan(d, req.course_id);
  const uuids = [...new Set(req.uuids)];
  const found = await d.users.briefs(uuids);
  for (const u of uuids) if (!found.has(u)) throw notFound(`用户 ${u} 不存在`);
  const now = nowIso();
  await repo.inTransaction(d.db, async (trx) => {
    if (req.enrolled) for (const u of uuids) await members.addMember(trx, req.course_id, u, 'admin', now);
    else await members.removeMembers(trx, req.course_id, uuids);
    await d.outbox.add(trx, COURSE_TOPIC, req.course_id);
  });
}

/** Everything of a course for the editor, members included. */
export async function adminView(d: CoursesDeps, id: number): Promise<CourseAdminView> {
  const plan = await livePlan(d, id);
  const outline = await repo.outlineOf(d.db, [id]);
  const refs = outline.problems;
  const ids = (kind: string) => [...new Set(refs.filter((r) => r.kind === kind).map((r) => r.problem_id))];
  const [alg, math, rows] = await Promise.all([
    d.problems.names(ids('algorithm')),
    d.math408.titles(ids('math408')),
    members.membersOf(d.db, id),
  ]);
  const briefs = await d.users.briefs(rows.map((m) => m.user_id));
  return {
    ...planHead(plan),
    searchable: plan.searchable === 1,
    sections: outline.sections.map((s) => ({
      title: s.title,
      description: s.description,
      requires: s.requires,
      lessons: outline.lessons
        .filter((l) => l.section_idx === s.idx)
        .map((l) => ({ id: l.id, title: l.title, content: l.content, has_video: l.video !== null })),
      problems: refs
        .filter((p) => p.section_idx === s.idx)
        .map((p) => ({
          kind: p.kind,
          problem_id: p.problem_id,
          title: (p.kind === 'algorithm' ? alg : math).get(p.problem_id) ?? `#${p.problem_id}`,
        })),
    })),
    members: rows.map((m) => ({
      uuid: m.user_id,
      username: briefs.get(m.user_id)?.username ?? '已注销用户',
      join_time: m.join_time,
      via: m.via,
    })),
  };
}
