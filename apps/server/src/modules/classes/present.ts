import type { AdminClassRow, ClassRole, ClassSummary } from '@oj/shared';
import { type ClassAccess, classCan } from './access';
import type { ClassRow } from './tables';

/** What a class looks like to a caller with `access`: the invite code only to its managers. */
export function presentClass(a: ClassAccess, teacherName: string, memberCount: number): ClassSummary {
  const r = a.row;
  return {
    class_id: r.id,
    name: r.name,
    description: r.description,
    school: r.school,
    term: r.term,
    join_mode: r.join_mode === 'approval' ? 'approval' : 'code',
    archived: r.archived === 1,
    teacher_id: r.teacher_id,
    teacher_name: teacherName,
    member_count: memberCount,
    created_at: r.created_at,
    my_role: a.role as ClassRole | null,
    can_manage: classCan(a, 'manage'),
    is_owner: classCan(a, 'own'),
    invite_code: classCan(a, 'manage') ? r.invite_code : null,
  };
}

export function presentAdminClass(r: ClassRow, teacherName: string, memberCount: number): AdminClassRow {
  return {
    class_id: r.id,
    name: r.name,
    school: r.school,
    term: r.term,
    archived: r.archived === 1,
    teacher_id: r.teacher_id,
    teacher_name: teacherName,
    member_count: memberCount,
    created_at: r.created_at,
  };
}
