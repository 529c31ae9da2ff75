import { randomInt } from 'node:crypto';
import {
  Role,
  type ClassInput,
  type ClassModifyRequest,
  type ClassRole,
  type ClassSummary,
} from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import { forbidden } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { requireAccess } from './access';
import type { ClassesDeps } from './deps';
import { presentAdminClass, presentClass } from './present';
import * as repo from './repo';
import type { ClassRow } from './tables';

/** Upper-case letters and digits that cannot be misread (no 0/O, 1/I). */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;
const newCode = () =>
  Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

/** Invite codes are compared without case and blanks: what a student types from a board. */
export const normaliseCode = (code: string) => code.replace(/\s+/g, '').toUpperCase();

/** A code no other class has (32⁸ codes: a clash is rare, tried again). */
async function freshCode(d: ClassesDeps): Promise<string> {
  for (;;) {
    const code = newCode();
    if (!(await repo.classByCode(d.db, code))) return code;
  }
}

/** The teachers' names of some classes, one read. */
async function teacherNames(d: ClassesDeps, rows: ClassRow[]): Promise<Map<number, string>> {
  const users = await d.users.byIds([...new Set(rows.map((r) => r.teacher_id))]);
  return new Map(users.map((u) => [u.id, u.username]));
}

/** A teacher (the 教师 mark, or an administrator) creates a class and is its first member. */
export async function createClass(d: ClassesDeps, viewer: Viewer, input: ClassInput): Promise<number> {
  if (!(await d.users.isTeacher(viewer))) throw forbidden('只有教师可以创建班级，请联系管理员设为教师');
  const now = nowIso(d.clock);
  const code = await freshCode(d);
  return repo.inTransaction(d.db, async (trx) => {
    const id = await repo.insertClass(trx, { ...input, teacher_id: viewer.uuid, invite_code: code, now });
    await repo.addMember(trx, id, viewer.uuid, 'teacher', now);
    return id;
  });
}

export async function modifyClass(d: ClassesDeps, viewer: Viewer, req: ClassModifyRequest): Promise<void> {
  await requireAccess(d, viewer, req.class_id, 'own');
  const { class_id, ...patch } = req;
  await repo.updateClass(d.db, class_id, patch, nowIso(d.clock));
}

/** One class as its reader sees it. */
export async function classDetail(d: ClassesDeps, viewer: Viewer, classId: number): Promise<ClassSummary> {
  const a = await requireAccess(d, viewer, classId, 'read');
  const [names, counts] = await Promise.all([teacherNames(d, [a.row]), repo.memberCounts(d.db, [classId])]);
  return presentClass(a, names.get(a.row.teacher_id) ?? '', counts.get(classId) ?? 0);
}

/** 我的班级: the classes the caller is a member of, in any role. */
export async function myClasses(d: ClassesDeps, viewer: Viewer): Promise<ClassSummary[]> {
  const rows = await repo.classesOf(d.db, viewer.uuid);
  const [names, counts] = await Promise.all([
    teacherNames(d, rows),
    repo.memberCounts(
      d.db,
      rows.map((r) => r.id),
    ),
  ]);
  return rows.map(({ my_role, ...row }) =>
    presentClass(
      { row, role: my_role as ClassRole, admin: viewer.role === Role.Admin },
      names.get(row.teacher_id) ?? '',
      counts.get(row.id) ?? 0,
    ),
  );
}

/** The management site's list: every class with its teacher and member count (administrators only). */
export async function adminClasses(d: ClassesDeps, viewer: Viewer) {
  if (viewer.role !== Role.Admin) throw forbidden('需要管理员权限');
  const rows = await repo.allClasses(d.db);
  const [names, counts] = await Promise.all([
    teacherNames(d, rows),
    repo.memberCounts(
      d.db,
      rows.map((r) => r.id),
    ),
  ]);
  return rows.map((r) => presentAdminClass(r, names.get(r.teacher_id) ?? '', counts.get(r.id) ?? 0));
}

/** A new invite code: the old one (and its links) stop working at once. */
export async function regenerateCode(d: ClassesDeps, viewer: Viewer, classId: number): Promise<string> {
  await requireAccess(d, viewer, classId, 'own');
  const code = await freshCode(d);
  await repo.updateClass(d.db, classId, { invite_code: code }, nowIso(d.clock));
  return code;
}

/** An archived class is read as before; nobody joins it. */
export async function archiveClass(d: ClassesDeps, viewer: Viewer, classId: number, archived: boolean) {
  await requireAccess(d, viewer, classId, 'own');
  await repo.updateClass(d.db, classId, { archived: archived ? 1 : 0 }, nowIso(d.clock));
}

/** The class, its members, requests and announcements (the teacher, or an administrator). */
export async function deleteClass(d: ClassesDeps, viewer: Viewer, classId: number): Promise<void> {
  await requireAccess(d, viewer, classId, 'own');
  await repo.inTransaction(d.db, (trx) => repo.deleteClass(trx, classId));
}
