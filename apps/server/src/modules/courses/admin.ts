import type {
  CourseAddInput,
  CourseAdminView,
  CourseProblemSetRequest,
  CourseUserSetRequest,
} from '@oj/shared';
import { badRequest, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { COURSE_TOPIC, type CoursesDeps, livePlan } from './deps';
import { addMember, type Executor, outlineOf } from './repo';

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
 * `course/admin/add`: creates a plan or course, or with `course_id` replaces its content. Answers
 * the stored video files of the lessons it removed, for the caller to delete after the commit.
 */
export async function saveCourse(
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
  return d.db.transaction().execute(async (trx) => {
    let planId = input.course_id;
    if (planId === undefined) {
      const row = await trx
        .insertInto('study_plans')
        .values({ ...fields, create_time: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      planId = row.id;
    } else {
      await trx.updateTable('study_plans').set(fields).where('id', '=', planId).execute();
    }
    const orphans = await writeOutline(trx, planId, input);
    await d.outbox.add(trx, COURSE_TOPIC, planId);
    return { course_id: planId, orphans };
  });
}

/**
 * Replaces sections and problems; lessons given back with their id keep it (and their video),
 * lessons left out are removed.
 */
async function writeOutline(
  trx: Executor,
  planId: number,
  input: CourseAddInput,
): Promise<(string | null)[]> {
  await trx.deleteFrom('study_sections').where('plan_id', '=', planId).execute();
  await trx.deleteFrom('study_problems').where('plan_id', '=', planId).execute();
  const before = await trx
    .selectFrom('study_lessons')
    .select(['id', 'video', 'poster'])
    .where('plan_id', '=', planId)
    .execute();
  const existing = new Set(before.map((r) => r.id));
  const kept = new Set<number>();
  for (const [si, s] of input.sections.entries()) {
    await trx
      .insertInto('study_sections')
      .values({
        plan_id: planId,
        idx: si,
        title: s.title,
        description: s.description,
        requires: JSON.stringify(s.requires),
      })
      .execute();
    if (s.problems.length)
      await trx
        .insertInto('study_problems')
        .values(
          s.problems.map((p, i) => ({
            plan_id: planId,
            section_idx: si,
            idx: i,
            kind: p.kind,
            problem_id: p.problem_id,
          })),
        )
        .execute();
    for (const [li, l] of s.lessons.entries()) {
      const values = { section_idx: si, idx: li, title: l.title, content: l.content };
      if (l.id !== undefined && existing.has(l.id) && !kept.has(l.id)) {
        kept.add(l.id);
        await trx.updateTable('study_lessons').set(values).where('id', '=', l.id).execute();
      } else {
        await trx
          .insertInto('study_lessons')
          .values({ ...values, plan_id: planId })
          .execute();
      }
    }
  }
  const gone = before.filter((l) => !kept.has(l.id));
  if (gone.length)
    await trx
      .deleteFrom('study_lessons')
      .where(
        'id',
        'in',
        gone.map((l) => l.id),
      )
      .execute();
  return gone.flatMap((l) => [l.video, l.poster]);
}

/** `course/admin/delete`: the course disappears from every read path; members keep their rows. */
export async function deleteCourse(d: CoursesDeps, id: number): Promise<void> {
  await livePlan(d, id);
  await d.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('study_plans')
      .set({ is_delete: 1, update_time: nowIso() })
      .where('id', '=', id)
      .execute();
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
  await d.db.transaction().execute(async (trx) => {
    const exists = await trx
      .selectFrom('study_sections')
      .select('idx')
      .where('plan_id', '=', req.course_id)
      .where('idx', '=', section)
      .executeTakeFirst();
    if (!exists) {
      if (section !== 0) throw badRequest(`第 ${section + 1} 章不存在`, 'section_index');
      await trx
        .insertInto('study_sections')
        .values({ plan_id: req.course_id, idx: 0, title: '课程题目', description: '', requires: '[]' })
        .execute();
    }
    const kept = await trx
      .selectFrom('study_problems')
      .select(['kind', 'problem_id'])
      .where('plan_id', '=', req.course_id)
      .where('section_idx', '=', section)
      .where('kind', '=', 'math408')
      .orderBy('idx')
      .execute();
    await trx
      .deleteFrom('study_problems')
      .where('plan_id', '=', req.course_id)
      .where('section_idx', '=', section)
      .execute();
    const rows = [...ids.map((problem_id) => ({ kind: 'algorithm', problem_id })), ...kept];
    if (rows.length)
      await trx
        .insertInto('study_problems')
        .values(rows.map((r, idx) => ({ plan_id: req.course_id, section_idx: section, idx, ...r })))
        .execute();
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
  await d.db.transaction().execute(async (trx) => {
    if (req.enrolled) for (const u of uuids) await addMember(trx, req.course_id, u, 'admin', now);
    else
      await trx
        .deleteFrom('study_members')
        .where('plan_id', '=', req.course_id)
        .where('user_id', 'in', uuids)
        .execute();
    await d.outbox.add(trx, COURSE_TOPIC, req.course_id);
  });
}

/** Everything of a course for the editor, members included. */
export async function adminView(d: CoursesDeps, id: number): Promise<CourseAdminView> {
  const plan = await livePlan(d, id);
  const outline = await outlineOf(d, [id]);
  const refs = outline.problems;
  const ids = (kind: string) => [...new Set(refs.filter((r) => r.kind === kind).map((r) => r.problem_id))];
  const [alg, math, members] = await Promise.all([
    d.problems.names(ids('algorithm')),
    d.math408.titles(ids('math408')),
    d.db.selectFrom('study_members').selectAll().where('plan_id', '=', id).orderBy('join_time').execute(),
  ]);
  const briefs = await d.users.briefs(members.map((m) => m.user_id));
  return {
    id: plan.id,
    kind: plan.kind === 'plan' ? 'plan' : 'course',
    title: plan.title,
    description: plan.description,
    cover: plan.cover,
    price_fen: plan.price_fen,
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
    members: members.map((m) => ({
      uuid: m.user_id,
      username: briefs.get(m.user_id)?.username ?? '已注销用户',
      join_time: m.join_time,
      via: m.via,
    })),
  };
}
