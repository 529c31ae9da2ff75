import { useQuery } from '@tanstack/react-query';
import type {
  AdminClassRow,
  ClassAnnouncement,
  ClassInputRaw,
  ClassJoined,
  ClassMember,
  ClassPendingRequest,
  ClassSummary,
} from '../lib/contract';
import { buildUrl, post } from './http';
import { useInvalidate } from './query';
import { encryptPassword } from './crypto';
import { getPublicKey } from './users';

/** Classes for teachers (issue 27 part 1; docs/classes.md). */
const C = '/api/class';

export const myClasses = () => post<ClassSummary[]>(`${C}/mine`);
export const classDetail = (class_id: number) => post<ClassSummary>(`${C}/detail`, { query: { class_id } });
export const classMembers = (class_id: number) =>
  post<ClassMember[]>(`${C}/members`, { query: { class_id } });
export const classRequests = (class_id: number) =>
  post<ClassPendingRequest[]>(`${C}/requests`, { query: { class_id } });
export const classAnnouncements = (class_id: number) =>
  post<ClassAnnouncement[]>(`${C}/announcements`, { query: { class_id } });
export const createClass = (body: ClassInputRaw) => post<{ class_id: number }>(`${C}/create`, { json: body });
export const modifyClass = (body: ClassInputRaw & { class_id: number }) =>
  post<null>(`${C}/modify`, { json: body });
export const joinClass = (code: string) => post<ClassJoined>(`${C}/join`, { json: { code } });
export const decideRequest = (class_id: number, user_id: number, approve: boolean) =>
  post<null>(`${C}/request/decide`, { json: { class_id, user_id, approve } });
export const setMemberRole = (class_id: number, user_id: number, role: 'student' | 'ta') =>
  post<null>(`${C}/member/role`, { json: { class_id, user_id, role } });
export const removeMember = (class_id: number, user_id: number) =>
  post<null>(`${C}/member/remove`, { json: { class_id, user_id } });
export const regenerateCode = (class_id: number) =>
  post<{ invite_code: string }>(`${C}/invite/regenerate`, { json: { class_id } });
export const archiveClass = (class_id: number, archived: boolean) =>
  post<null>(`${C}/archive`, { json: { class_id, archived } });
export const deleteClass = (class_id: number) => post<null>(`${C}/delete`, { json: { class_id } });
export const announce = (class_id: number, content: string) =>
  post<null>(`${C}/announcement/add`, { json: { class_id, content } });
export const deleteAnnouncement = (class_id: number, announcement_id: number) =>
  post<null>(`${C}/announcement/delete`, { json: { class_id, announcement_id } });
export const adminClasses = () => post<AdminClassRow[]>(`${C}/admin/list`);

/** Reads an uploaded .xlsx list into rows (nothing is made). */
export function readSheet(class_id: number, file: File) {
  const form = new FormData();
  form.append('file', file);
  return post<{ name: string; student_no: string }[]>(`${C}/accounts/sheet`, { query: { class_id }, form });
}

/** Makes the accounts; answers the workbook (.xlsx) with the initial passwords, as a blob to save. */
export async function bulkStudents(
  class_id: number,
  rows: { name: string; student_no: string }[],
): Promise<Blob> {
  const res = await fetch(buildUrl(`${C}/accounts/bulk`), {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ class_id, rows }),
  });
  if (!res.ok || !res.headers.get('content-type')?.includes('spreadsheet')) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? `创建失败（HTTP ${res.status}）`);
  }
  return res.blob();
}

/** The signed-in user's own password change (the forced first change of a bulk account too). */
export async function changePassword(form: {
  old_password: string;
  password: string;
  check_password: string;
}) {
  const key = await getPublicKey();
  const [old_password, password, check_password] = await Promise.all([
    encryptPassword(key, form.old_password),
    encryptPassword(key, form.password),
    encryptPassword(key, form.check_password),
  ]);
  return post<null>('/api/user/password/change', { json: { old_password, password, check_password } });
}

// ---------------------------------------------------------------- query hooks

export const classKeys = {
  all: ['class'] as const,
  mine: ['class', 'mine'] as const,
  detail: (id: number) => ['class', 'detail', id] as const,
  members: (id: number) => ['class', 'members', id] as const,
  requests: (id: number) => ['class', 'requests', id] as const,
  announcements: (id: number) => ['class', 'announcements', id] as const,
  admin: ['class', 'admin'] as const,
};

export const useMyClasses = () => useQuery({ queryKey: classKeys.mine, queryFn: myClasses });
export const useClassDetail = (id: number) =>
  useQuery({ queryKey: classKeys.detail(id), queryFn: () => classDetail(id), enabled: id > 0, retry: false });
export const useClassMembers = (id: number, enabled: boolean) =>
  useQuery({ queryKey: classKeys.members(id), queryFn: () => classMembers(id), enabled });
export const useClassRequests = (id: number, enabled: boolean) =>
  useQuery({ queryKey: classKeys.requests(id), queryFn: () => classRequests(id), enabled });
export const useClassAnnouncements = (id: number, enabled: boolean) =>
  useQuery({ queryKey: classKeys.announcements(id), queryFn: () => classAnnouncements(id), enabled });
export const useAdminClasses = () => useQuery({ queryKey: classKeys.admin, queryFn: adminClasses });
/** After any change: every class list and page shown is read again. */
export const useRefreshClasses = () => useInvalidate(classKeys.all);
