import type { CourseJoinResult } from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import { notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { COURSE_TOPIC, type CoursesDeps, livePlan } from './deps';
import * as repo from './repo';
import * as members from './members-repo';

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
  await repo.inTransaction(d.db, async (trx) => {
    await members.addMember(trx, courseId, viewer.uuid, 'free', nowIso());
    await d.outbox.add(trx, COURSE_TOPIC, courseId);
  });
  return { need_pay: false, course_id: courseId, enrolled: true };
}

/** Whether the user is a member (a visitor, uuid below 0, never is). */
export async function isMember(d: CoursesDeps, planId: number, userId: number): Promise<boolean> {
  if (userId < 0) return false;
  return members.isMember(d.db, planId, userId);
}

/** For payments: what an order of this course costs (null: no such course, or it was deleted). */
export async function priceOf(
  d: CoursesDeps,
  courseId: number,
): Promise<{ title: string; price_fen: number } | null> {
  return (await repo.livePrice(d.db, courseId)) ?? null;
}

/** For payments, after a paid order: idempotent, the first way in (and its time) is kept. */
export async function enrol(
  d: CoursesDeps,
  courseId: number,
  userId: number,
  via: { order: string },
): Promise<void> {
  if (!(await repo.planExists(d.db, courseId))) throw notFound(`课程 ${courseId} 不存在`);
  await repo.inTransaction(d.db, async (trx) => {
    await members.addMember(trx, courseId, userId, `order:${via.order}`, nowIso());
    await d.outbox.add(trx, COURSE_TOPIC, courseId);
  });
}

/** For payments, after a refund: the member leaves the course (idempotent). */
export async function unenrol(d: CoursesDeps, courseId: number, userId: number): Promise<void> {
  await repo.inTransaction(d.db, async (trx) => {
    await members.removeMembers(trx, courseId, [userId]);
    await d.outbox.add(trx, COURSE_TOPIC, courseId);
  });
}

/** For the search index: what each existing (not deleted) course of `ids` is now. */
export async function coursesForIndex(d: CoursesDeps, ids: number[]) {
  if (!ids.length) return [];
  const rows = await repo.plansForIndex(d.db, ids);
  return rows.map((r) => ({ ...r, searchable: r.searchable === 1 }));
}

/** The plans and courses a viewer is a member of: the search shows them their members-only content. */
export async function memberCourseIds(d: CoursesDeps, viewer: Viewer): Promise<number[]> {
  if (viewer.uuid <= 0) return [];
  return members.planIdsOf(d.db, viewer.uuid);
}

/** Plan and course ids (deleted ones too) after `after`, in order: the search rebuild's batches. */
export function courseIdsAfter(d: CoursesDeps, after: number, limit: number): Promise<number[]> {
  return repo.planIdsAfter(d.db, after, limit);
}
