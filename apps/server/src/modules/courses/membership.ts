import type { CourseJoinResult } from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import { notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { COURSE_TOPIC, type CoursesDeps, isMember, livePlan } from './deps';
import { addMember } from './repo';
import { idsAfter } from '../../db/ids-after';

/**
 * Who is in a course. `course/join` enrols in a free plan or course at once; a paid course is
 * NEVER joined here: the answer asks the page to open the pay dialog, and only the payments
 * module (a paid order, through `enrol`) or an admin (`course/admin/user/set`) adds the member.
 */
export async function join(d: CoursesDeps, viewer: Viewer, courseId: number): Promise<CourseJoinResult> {
  const plan = await livePlan(d, courseId);
  if (plan.price_fen > 0) {
    if (await isMember(d, courseId, viewer.uuid))
      return { need_pay: false, course_id: courseId, enrolled: true };
    return { need_pay: true, course_id: courseId, price_fen: plan.price_fen };
  }
  await d.db.transaction().execute(async (trx) => {
    await addMember(trx, courseId, viewer.uuid, 'free', nowIso());
    await d.outbox.add(trx, COURSE_TOPIC, courseId);
  });
  return { need_pay: false, course_id: courseId, enrolled: true };
}

/** For payments: what an order of this course costs (null: no such course, or it was deleted). */
export async function priceOf(
  d: CoursesDeps,
  courseId: number,
): Promise<{ title: string; price_fen: number } | null> {
  const row = await d.db
    .selectFrom('study_plans')
    .select(['title', 'price_fen'])
    .where('id', '=', courseId)
    .where('is_delete', '=', 0)
    .executeTakeFirst();
  return row ?? null;
}

/** For payments, after a paid order: idempotent, the first way in (and its time) is kept. */
export async function enrol(
  d: CoursesDeps,
  courseId: number,
  userId: number,
  via: { order: string },
): Promise<void> {
  const exists = await d.db
    .selectFrom('study_plans')
    .select('id')
    .where('id', '=', courseId)
    .executeTakeFirst();
  if (!exists) throw notFound(`课程 ${courseId} 不存在`);
  await d.db.transaction().execute(async (trx) => {
    await addMember(trx, courseId, userId, `order:${via.order}`, nowIso());
    await d.outbox.add(trx, COURSE_TOPIC, courseId);
  });
}

/** For payments, after a refund: the member leaves the course (idempotent). */
export async function unenrol(d: CoursesDeps, courseId: number, userId: number): Promise<void> {
  await d.db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('study_members')
      .where('plan_id', '=', courseId)
      .where('user_id', '=', userId)
      .execute();
    await d.outbox.add(trx, COURSE_TOPIC, courseId);
  });
}

/** For the search index: what each existing (not deleted) course of `ids` is now. */
export async function coursesForIndex(d: CoursesDeps, ids: number[]) {
  if (!ids.length) return [];
  const rows = await d.db
    .selectFrom('study_plans')
    .select(['id', 'title', 'description', 'price_fen', 'searchable'])
    .where('id', 'in', ids)
    .where('is_delete', '=', 0)
    .execute();
  return rows.map((r) => ({ ...r, searchable: r.searchable === 1 }));
}

/** The plans and courses a viewer is a member of: the search shows them their members-only content. */
export async function memberCourseIds(d: CoursesDeps, viewer: Viewer): Promise<number[]> {
  if (viewer.uuid <= 0) return [];
  const rows = await d.db.selectFrom('study_members').select('plan_id').where('user_id', '=', viewer.uuid).execute();
  return rows.map((r) => r.plan_id);
}

/** Plan and course ids (deleted ones too) after `after`, in order: the search rebuild's batches. */
export function courseIdsAfter(d: CoursesDeps, after: number, limit: number): Promise<number[]> {
  return idsAfter(d.db, 'study_plans', after, limit);
}
