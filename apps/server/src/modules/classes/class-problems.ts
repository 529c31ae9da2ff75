import { Role } from '@oj/shared';
import type { Kysely } from 'kysely';
import type { IdSubquery } from '../../db/scoped';
import type { Viewer } from '../../lib/auth';
import { forbidden } from '../../lib/errors';
import type { UsersService } from '../users';
import type { ClassesTables } from './tables';

/**
 * Class problems (班级题目, issue 27 part 3; docs/classes.md): which hidden bank problems are private
 * to which classes. A class problem is an ordinary `problems` row always stored with visible = 0, so
 * every read path of the bank keeps it from everyone but administrators; this part says who else is
 * let in — a member of one of its classes reads and submits it, their teachers and TAs read their
 * records — and is asked by the problems and submissions modules. It is built on the classes' tables
 * alone, before those modules (services.ts), like the contests' rules.
 */
type Db = Kysely<ClassesTables>;

const MANAGERS = ['teacher', 'ta'];

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
async function inProblemClass(db: Db, userId: number, problemId: number, roles?: string[]): Promise<boolean> {
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
const managedIds = (db: Db, userId: number): IdSubquery =>
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
async function problemsOfEveryClass(db: Db, problemIds: number[], classIds: number[]): Promise<number[]> {
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
async function managedAmong(db: Db, userId: number, classIds: number[]): Promise<Set<number>> {
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

export interface ClassProblemAccessDeps {
  /** The classes' tables (class_problems, class_members). */
  db: Db;
  users: Pick<UsersService, 'isTeacher'>;
}

/** What the problems and submissions modules ask of class problems (read fresh on every call). */
export function createClassProblemAccess(d: ClassProblemAccessDeps) {
  const signedIn = (v: Viewer) => v.uuid > 0 && v.role !== Role.Ban;
  return {
    /** Whether the problem belongs to a class. */
    isClassProblem: async (problemId: number) => (await classesOfProblem(d.db, problemId)).length > 0,
    classesOf: (problemId: number) => classesOfProblem(d.db, problemId),
    /** A member (any role) of one of its classes reads it, its samples, and submits to it. */
    mayRead: async (viewer: Viewer, problemId: number) =>
      signedIn(viewer) && inProblemClass(d.db, viewer.uuid, problemId),
    /** A teacher or TA of one of its classes reads its students' records. */
    mayManage: async (viewer: Viewer, problemId: number) =>
      signedIn(viewer) && inProblemClass(d.db, viewer.uuid, problemId, MANAGERS),
    /** The class problems whose records the viewer reads (classes it teaches or assists in). */
    managedIds: (viewer: Viewer): IdSubquery => managedIds(d.db, signedIn(viewer) ? viewer.uuid : -1),
    /** The 教师 mark (administrators too): who may write class problems. */
    isTeacher: (viewer: Viewer) => d.users.isTeacher(viewer),
    /**
     * The classes a new class problem is written for: at least one, each one the viewer teaches or
     * assists in (administrators: any existing one). 403 otherwise, nothing written.
     */
    checkClasses: async (viewer: Viewer, classIds: number[]) => {
      const unique = [...new Set(classIds)];
      if (!unique.length) throw forbidden('班级题目至少要属于一个班级');
      if (viewer.role === Role.Admin) {
        const rows = await d.db.selectFrom('classes').select('id').where('id', 'in', unique).execute();
        if (rows.length !== unique.length) throw forbidden('所选班级不存在');
        return unique;
      }
      const managed = await managedAmong(d.db, viewer.uuid, unique);
      if (unique.some((id) => !managed.has(id))) throw forbidden('只能为你任教或担任助教的班级编写题目');
      return unique;
    },
    /** Those of `problemIds` that are class problems of every one of `classIds` (homework). */
    problemsOfEveryClass: (problemIds: number[], classIds: number[]) =>
      problemsOfEveryClass(d.db, problemIds, classIds),
    isAdmin: async (viewer: Viewer) => viewer.role === Role.Admin,
    /** Every (problem, class) pair (the management site's list of class problems). */
    allLinks: () => d.db.selectFrom('class_problems').select(['problem_id', 'class_id']).execute(),
    /** Names of some classes. */
    classNames: async (ids: number[]) => {
      if (!ids.length) return new Map<number, string>();
      const rows = await d.db.selectFrom('classes').select(['id', 'name']).where('id', 'in', ids).execute();
      return new Map(rows.map((r) => [r.id, r.name]));
    },
    /** Makes a new problem private to its classes (after `checkClasses`). */
    link: async (problemId: number, classIds: number[]) => {
      await d.db
        .insertInto('class_problems')
        .values(classIds.map((class_id) => ({ problem_id: problemId, class_id })))
        .execute();
    },
  };
}
export type ClassProblemAccess = ReturnType<typeof createClassProblemAccess>;
