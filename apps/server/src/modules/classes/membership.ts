import { Role } from '@oj/shared';
import type { Kysely } from 'kysely';
import type { Viewer } from '../../lib/auth';
import { requireAccess } from './access';
import * as repo from './repo';
import type { ClassesTables } from './tables';

/**
 * What other modules ask of the classes (class contests, issue 27 part 3; docs/classes.md): who
 * manages or belongs to which class, and their names. A lower part over the classes' own tables,
 * built before the contests in the composition root (the classes service is built after them).
 * Every answer is read fresh: a removed member is refused from the next request on.
 */
export function createClassMembership(d: { db: Kysely<ClassesTables> }) {
  return {
    /** The classes the viewer teaches or assists (teacher / TA); administrators are not listed here. */
    managedClassIds: async (viewer: Viewer): Promise<number[]> =>
      viewer.uuid > 0 ? repo.managedClassIds(d.db, viewer.uuid) : [],
    /** Whether the user is a member (any role) of one of the classes. */
    memberOfAny: async (userId: number, classIds: number[]): Promise<boolean> =>
      userId > 0 && classIds.length > 0 && repo.memberOfAny(d.db, userId, classIds),
    /** Names of the classes that exist (a deleted class is left out). */
    names: (classIds: number[]): Promise<Map<number, string>> => repo.classNames(d.db, classIds),
    /** The class read rule (access.ts): members and administrators; 404 unknown, 403 outsiders. */
    checkRead: async (viewer: Viewer, classId: number): Promise<void> => {
      await requireAccess(d, viewer, classId, 'read');
    },
    isAdmin: (viewer: Viewer) => viewer.role === Role.Admin,
  };
}
export type ClassMembership = ReturnType<typeof createClassMembership>;
