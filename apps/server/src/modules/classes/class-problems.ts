import { Role } from '@oj/shared';
import type { Kysely } from 'kysely';
import type { IdSubquery } from '../../db/scoped';
import type { Viewer } from '../../lib/auth';
import { forbidden } from '../../lib/errors';
import type { UsersService } from '../users';
import * as cpRepo from './class-problems-repo';
import { classNames } from './repo';
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
    isClassProblem: async (problemId: number) => (await cpRepo.classesOfProblem(d.db, problemId)).length > 0,
    classesOf: (problemId: number) => cpRepo.classesOfProblem(d.db, problemId),
    /** A member (any role) of one of its classes reads it, its samples, and submits to it. */
    mayRead: async (viewer: Viewer, problemId: number) =>
      signedIn(viewer) && cpRepo.inProblemClass(d.db, viewer.uuid, problemId),
    /** A teacher or TA of one of its classes reads its students' records. */
    mayManage: async (viewer: Viewer, problemId: number) =>
      signedIn(viewer) && cpRepo.inProblemClass(d.db, viewer.uuid, problemId, cpRepo.MANAGERS),
    /** The class problems whose records the viewer reads (classes it teaches or assists in). */
    managedIds: (viewer: Viewer): IdSubquery => cpRepo.managedIds(d.db, signedIn(viewer) ? viewer.uuid : -1),
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
        if ((await cpRepo.existingClassIds(d.db, unique)).length !== unique.length)
          throw forbidden('所选班级不存在');
        return unique;
      }
      const managed = await cpRepo.managedAmong(d.db, viewer.uuid, unique);
      if (unique.some((id) => !managed.has(id))) throw forbidden('只能为你任教或担任助教的班级编写题目');
      return unique;
    },
    /** Those of `problemIds` that are class problems of every one of `classIds` (homework). */
    problemsOfEveryClass: (problemIds: number[], classIds: number[]) =>
      cpRepo.problemsOfEveryClass(d.db, problemIds, classIds),
    isAdmin: async (viewer: Viewer) => viewer.role === Role.Admin,
    /** Every (problem, class) pair (the management site's list of class problems). */
    allLinks: () => cpRepo.allLinks(d.db),
    /** Names of some classes. */
    classNames: (ids: number[]) => classNames(d.db, ids),
    /** Makes a new problem private to its classes (after `checkClasses`). */
    link: (problemId: number, classIds: number[]) => cpRepo.linkProblem(d.db, problemId, classIds),
  };
}
export type ClassProblemAccess = ReturnType<typeof createClassProblemAccess>;
