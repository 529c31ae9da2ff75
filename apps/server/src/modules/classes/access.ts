import { Role, type ClassRole } from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import { forbidden, notFound } from '../../lib/errors';
import type { ClassesDeps } from './deps';
import * as repo from './repo';
import type { ClassRow } from './tables';

/** A caller as one class sees it: its role there (none for outsiders) and whether it administers the site. */
export interface ClassAccess {
  row: ClassRow;
  role: ClassRole | null;
  admin: boolean;
}

export type ClassAction = 'read' | 'manage' | 'own';

/**
 * The one rule of who may do what in a class (docs/classes.md):
 * - read (members, announcements, settings): its members and managers, administrators;
 * - manage (join requests, announcements, removing students, the invite code): the teacher and TAs;
 * - own (TAs, settings, new invite code, archive, delete, bulk accounts): the teacher.
 * Administrators may do everything. Outsiders may do nothing, not even read.
 */
export function classCan(a: ClassAccess, action: ClassAction): boolean {
  if (a.admin) return true;
  switch (action) {
    case 'read':
      return a.role !== null;
    case 'manage':
      return a.role === 'teacher' || a.role === 'ta';
    case 'own':
      return a.role === 'teacher';
  }
}

const REFUSALS: Record<ClassAction, string> = {
  read: '你不是该班级的成员',
  manage: '只有班级的教师和助教可以执行此操作',
  own: '只有班级的教师可以执行此操作',
};

/** The class and the caller's access to it, read fresh on every call (a removed member loses access at once). */
export async function accessOf(
  d: Pick<ClassesDeps, 'db'>,
  viewer: Viewer,
  classId: number,
): Promise<ClassAccess> {
  const row = await repo.classById(d.db, classId);
  if (!row) throw notFound(`班级 ${classId} 不存在`);
  const role =
    viewer.uuid > 0
      ? ((await repo.memberRole(d.db, classId, viewer.uuid)) as ClassRole | undefined)
      : undefined;
  return { row, role: role ?? null, admin: viewer.role === Role.Admin };
}

/** The access, when the caller may do `action`; 403 otherwise (404 when there is no such class). */
export async function requireAccess(
  d: Pick<ClassesDeps, 'db'>,
  viewer: Viewer,
  classId: number,
  action: ClassAction,
): Promise<ClassAccess> {
  const a = await accessOf(d, viewer, classId);
  if (!classCan(a, action)) throw forbidden(REFUSALS[action]);
  return a;
}
