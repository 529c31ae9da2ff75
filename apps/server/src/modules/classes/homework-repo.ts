import type { HomeworkItemRef } from '@oj/shared';
import type { Db } from './repo';
import type { HomeworkRow } from './tables';

/** Statements on the homework tables (035_homework, 041_homework_questions), each taking the module's handle first. */

export interface HomeworkWrite {
  title: string;
  description: string;
  start_time: string;
  deadline: string;
  late_end: string | null;
  late_factor: number;
}

export async function insertHomework(
  db: Db,
  row: HomeworkWrite & { creator_id: number; now: string },
  classIds: number[],
  items: HomeworkItemRef[],
): Promise<number> {
  const { now, ...rest } = row;
  const { id } = await db
    .insertInto('homework')
    .values({ ...rest, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await replaceLinks(db, id, classIds, items);
  return id;
}

export async function updateHomework(
  db: Db,
  id: number,
  row: HomeworkWrite & { now: string },
  classIds: number[],
  items: HomeworkItemRef[],
): Promise<void> {
  const { now, ...rest } = row;
  await db
    .updateTable('homework')
    .set({ ...rest, updated_at: now })
    .where('id', '=', id)
    .execute();
  await db.deleteFrom('homework_classes').where('homework_id', '=', id).execute();
  await db.deleteFrom('homework_problems').where('homework_id', '=', id).execute();
  await replaceLinks(db, id, classIds, items);
}

async function replaceLinks(db: Db, id: number, classIds: number[], items: HomeworkItemRef[]): Promise<void> {
  await db
    .insertInto('homework_classes')
    .values(classIds.map((class_id) => ({ homework_id: id, class_id })))
    .execute();
  await db
    .insertInto('homework_problems')
    .values(items.map((it, position) => ({ homework_id: id, position, problem_id: it.id, kind: it.kind })))
    .execute();
}

export async function deleteHomework(db: Db, id: number): Promise<void> {
  await db.deleteFrom('homework_notices').where('homework_id', '=', id).execute();
  await db.deleteFrom('homework_classes').where('homework_id', '=', id).execute();
  await db.deleteFrom('homework_problems').where('homework_id', '=', id).execute();
  await db.deleteFrom('homework').where('id', '=', id).execute();
}

export async function homeworkById(db: Db, id: number): Promise<HomeworkRow | undefined> {
  return db.selectFrom('homework').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function homeworkByIds(db: Db, ids: number[]): Promise<HomeworkRow[]> {
  if (!ids.length) return [];
  return db.selectFrom('homework').selectAll().where('id', 'in', ids).orderBy('deadline', 'desc').execute();
}

/** Each homework's classes with their names. */
export async function classesOf(
  db: Db,
  ids: number[],
): Promise<{ homework_id: number; class_id: number; name: string }[]> {
  if (!ids.length) return [];
  return db
    .selectFrom('homework_classes')
    .innerJoin('classes', 'classes.id', 'homework_classes.class_id')
    .select(['homework_classes.homework_id', 'homework_classes.class_id', 'classes.name'])
    .where('homework_classes.homework_id', 'in', ids)
    .orderBy('homework_classes.class_id')
    .execute();
}

/** Each homework's bank problems and math / 408 questions, in order. */
export async function itemsOf(db: Db, ids: number[]): Promise<Map<number, HomeworkItemRef[]>> {
  const out = new Map<number, HomeworkItemRef[]>();
  if (!ids.length) return out;
  const rows = await db
    .selectFrom('homework_problems')
    .select(['homework_id', 'problem_id', 'kind'])
    .where('homework_id', 'in', ids)
    .orderBy('homework_id')
    .orderBy('position')
    .execute();
  for (const r of rows) {
    const item: HomeworkItemRef = { kind: r.kind === 'math408' ? 'math408' : 'algorithm', id: r.problem_id };
    out.set(r.homework_id, [...(out.get(r.homework_id) ?? []), item]);
  }
  return out;
}

/** Each homework's bank problems only, in order (学情分析 reads tries of algorithm problems). */
export async function problemsOf(db: Db, ids: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  for (const [h, items] of await itemsOf(db, ids))
    out.set(
      h,
      items.filter((i) => i.kind === 'algorithm').map((i) => i.id),
    );
  return out;
}

/** Homework ids assigned to any of these classes. */
export async function homeworkOfClasses(db: Db, classIds: number[]): Promise<number[]> {
  if (!classIds.length) return [];
  const rows = await db
    .selectFrom('homework_classes')
    .select('homework_id')
    .distinct()
    .where('class_id', 'in', classIds)
    .execute();
  return rows.map((r) => r.homework_id);
}

/** The caller's roles in these classes. */
export async function rolesIn(db: Db, classIds: number[], userId: number): Promise<Map<number, string>> {
  if (!classIds.length || userId <= 0) return new Map();
  const rows = await db
    .selectFrom('class_members')
    .select(['class_id', 'role'])
    .where('user_id', '=', userId)
    .where('class_id', 'in', classIds)
    .execute();
  return new Map(rows.map((r) => [r.class_id, r.role]));
}

/** Every class the user belongs to, with the role. */
export async function membershipsOf(db: Db, userId: number): Promise<{ class_id: number; role: string }[]> {
  return db.selectFrom('class_members').select(['class_id', 'role']).where('user_id', '=', userId).execute();
}

/** The students of these classes (a student of two is listed once, with the first class). */
export async function studentsOf(
  db: Db,
  classIds: number[],
): Promise<{ user_id: number; class_id: number }[]> {
  if (!classIds.length) return [];
  const rows = await db
    .selectFrom('class_members')
    .select(['user_id', 'class_id'])
    .where('class_id', 'in', classIds)
    .where('role', '=', 'student')
    .orderBy('class_id')
    .orderBy('user_id')
    .execute();
  const seen = new Set<number>();
  return rows.filter((r) => (seen.has(r.user_id) ? false : (seen.add(r.user_id), true)));
}

/** Homework due for notices: started and not yet past its last accepted moment. */
export async function activeHomework(db: Db, now: string): Promise<HomeworkRow[]> {
  return db
    .selectFrom('homework')
    .selectAll()
    .where('start_time', '<=', now)
    .where('deadline', '>', now)
    .execute();
}

export async function noticed(db: Db, id: number, kind: string): Promise<Set<number>> {
  const rows = await db
    .selectFrom('homework_notices')
    .select('user_id')
    .where('homework_id', '=', id)
    .where('kind', '=', kind)
    .execute();
  return new Set(rows.map((r) => r.user_id));
}

export async function markNoticed(db: Db, id: number, kind: string, userIds: number[]): Promise<void> {
  if (!userIds.length) return;
  await db
    .insertInto('homework_notices')
    .values(userIds.map((user_id) => ({ homework_id: id, user_id, kind })))
    .onConflict((oc) => oc.columns(['homework_id', 'user_id', 'kind']).doNothing())
    .execute();
}
