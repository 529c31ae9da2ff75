import type { Db } from './repo';
import type { StudyMembersTable } from './tables';

/** Who is in which plan or course (`study_members`): only this module touches it, through these. */

export async function isMember(db: Db, planId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('study_members')
    .select('user_id')
    .where('plan_id', '=', planId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return !!row;
}

/** The plans among `planIds` the user is a member of. */
export async function memberOf(db: Db, userId: number, planIds: number[]): Promise<Set<number>> {
  if (userId < 0 || !planIds.length) return new Set();
  const rows = await db
    .selectFrom('study_members')
    .select('plan_id')
    .where('user_id', '=', userId)
    .where('plan_id', 'in', planIds)
    .execute();
  return new Set(rows.map((r) => r.plan_id));
}

export async function memberCounts(db: Db, planIds: number[]): Promise<Map<number, number>> {
  if (!planIds.length) return new Map();
  const rows = await db
    .selectFrom('study_members')
    .select((eb) => ['plan_id', eb.fn.countAll<number>().as('n')])
    .where('plan_id', 'in', planIds)
    .groupBy('plan_id')
    .execute();
  return new Map(rows.map((r) => [r.plan_id, Number(r.n)]));
}

/** Every member of a plan, the first to join first. */
export const membersOf = (db: Db, planId: number): Promise<StudyMembersTable[]> =>
  db.selectFrom('study_members').selectAll().where('plan_id', '=', planId).orderBy('join_time').execute();

/** The plans and courses a user is a member of. */
export async function planIdsOf(db: Db, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('study_members').select('plan_id').where('user_id', '=', userId).execute();
  return rows.map((r) => r.plan_id);
}

/** Adds a member; a second call changes nothing (the first way in is kept). */
export async function addMember(db: Db, planId: number, userId: number, via: string, at: string) {
  await db
    .insertInto('study_members')
    .values({ plan_id: planId, user_id: userId, join_time: at, via })
    .onConflict((oc) => oc.columns(['plan_id', 'user_id']).doNothing())
    .execute();
}

export async function removeMembers(db: Db, planId: number, userIds: number[]): Promise<void> {
  await db
    .deleteFrom('study_members')
    .where('plan_id', '=', planId)
    .where('user_id', 'in', userIds)
    .execute();
}
