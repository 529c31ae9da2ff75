import type { IdSubquery } from '../../db/scoped';
import type { Db } from './repo';

/** Class problems' statements (`class_problems` with the members; docs/classes.md 班级题目). */

export const MANAGERS = ['teacher', 'ta'];

/** The classes a problem belongs to (none: not a class problem). */
export async function classesOfProblem(db: Db, problemId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('class_problems')
    .select('class_id')
    .where('problem_id', '=', problemId)
    .orderBy('class_id')
    .execute();
  return rows.map((r) => r.class_id);
}

/** Whether a user is a member of one of the problem's classes (with one of `roles`, when given). */
export async function inProblemClass(
  db: Db,
  userId: number,
  problemId: number,
  roles?: string[],
): Promise<boolean> {
  let q = db
    .selectFrom('class_problems')
    .innerJoin('class_members', 'class_members.class_id', 'class_problems.class_id')
    .select('class_problems.class_id')
    .where('class_problems.problem_id', '=', problemId)
    .where('class_members.user_id', '=', userId);
  if (roles) q = q.where('class_members.role', 'in', roles);
  return Boolean(await q.executeTakeFirst());
}

/** The class problems of the classes a user teaches or assists in, as a subquery of ids. */
export const managedIds = (db: Db, userId: number): IdSubquery =>
  db
    .selectFrom('class_problems')
    .innerJoin('class_members', 'class_members.class_id', 'class_problems.class_id')
    .select('class_problems.problem_id as id')
    .where('class_members.user_id', '=', userId)
    .where('class_members.role', 'in', MANAGERS);

/** The class problems of some classes, in id order, once each. */
export async function problemsOfClasses(db: Db, classIds: number[]): Promise<number[]> {
  if (!classIds.length) return [];
  const rows = await db
    .selectFrom('class_problems')
    .select('problem_id')
    .distinct()
    .where('class_id', 'in', classIds)
    .orderBy('problem_id')
    .execute();
  return rows.map((r) => r.problem_id);
}

/** Those of `problemIds` that belong to every one of `classIds`. */
export async function problemsOfEveryClass(
  db: Db,
  problemIds: number[],
  classIds: number[],
): Promise<number[]> {
  const wanted = [...new Set(classIds)];
  if (!problemIds.length || !wanted.length) return [];
  const rows = await db
    .selectFrom('class_problems')
    .select('problem_id')
    .where('problem_id', 'in', problemIds)
    .where('class_id', 'in', wanted)
    .groupBy('problem_id')
    .having((h) => h.fn.countAll(), '=', wanted.length)
    .execute();
  return rows.map((r) => r.problem_id);
}

/** The classes among `classIds` that a user teaches or assists in. */
export async function managedAmong(db: Db, userId: number, classIds: number[]): Promise<Set<number>> {
  if (!classIds.length) return new Set();
  const rows = await db
    .selectFrom('class_members')
    .select('class_id')
    .where('user_id', '=', userId)
    .where('class_id', 'in', classIds)
    .where('role', 'in', MANAGERS)
    .execute();
  return new Set(rows.map((r) => r.class_id));
}

/** Those of some class ids that exist. */
export async function existingClassIds(db: Db, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db.selectFrom('classes').select('id').where('id', 'in', ids).execute();
  return rows.map((r) => r.id);
}

/** Every (problem, class) pair (the management site's list of class problems). */
export const allLinks = (db: Db) =>
  db.selectFrom('class_problems').select(['problem_id', 'class_id']).execute();

/** Makes a problem private to some classes. */
export async function linkProblem(db: Db, problemId: number, classIds: number[]): Promise<void> {
  await db
    .insertInto('class_problems')
    .values(classIds.map((class_id) => ({ problem_id: problemId, class_id })))
    .execute();
}
