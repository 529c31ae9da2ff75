import { Role, type AdminRegisterRequest, type PageQuery } from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { can, type TargetUser } from '../../lib/permissions';
import { createAccount, indexedWrite, requireUser } from './accounts';
import type { UsersDeps } from './deps';
import * as repo from './repo';
import type { UserRow } from './tables';

/**
 * The management site's user operations: the user list, bans, and the boss's admins. Every
 * permission decision goes through `can()`; sessions end through the sessions service.
 */
const target = (u: UserRow): TargetUser => ({ uuid: u.id, role: u.role, isBoss: u.is_boss === 1 });

export function adminPage(
  d: UsersDeps,
  viewer: Viewer,
  page: PageQuery,
  filter: { keyword?: string; role?: number },
) {
  if (!can(viewer, { action: 'user.list' })) throw forbidden('需要管理员权限');
  return repo.page(d.db, d.contests, page, { ...filter, withEmail: true });
}

/** All or nothing: one protected user in the list refuses the whole call. */
export async function ban(d: UsersDeps, viewer: Viewer, uuids: number[]): Promise<void> {
  const ids = [...new Set(uuids)];
  const users = await repo.byIds(d.db, d.contests, ids);
  for (const id of ids) if (!users.some((u) => u.id === id)) throw notFound(`用户 ${id} 不存在`);
  for (const u of users) {
    if (!can(viewer, { action: 'user.ban', subject: target(u) })) {
      throw forbidden(u.id === viewer.uuid ? '不能封禁自己' : `不能封禁管理员或超级管理员（用户 ${u.id}）`);
    }
  }
  await indexedWrite(
    d,
    (trx) => repo.setRole(trx, ids, Role.Ban),
    () => ids,
  );
  // The ban takes effect at once: the session hook reads the role on every request, refuses
  // these users and ends each session on its next API call, telling that page it was banned.
  // Sessions are ended there, not here, so the page still open learns why (SPEC §6 → /404).
}

export async function unban(d: UsersDeps, viewer: Viewer, uuid: number): Promise<void> {
  const u = await requireUser(d, uuid);
  if (!can(viewer, { action: 'user.unban', subject: target(u) })) {
    throw u.role === Role.Ban ? forbidden() : badRequest(`用户 ${uuid} 没有被封禁`, 'uuid');
  }
  await indexedWrite(
    d,
    (trx) => repo.setRole(trx, [uuid], Role.User),
    () => [uuid],
  );
  // Sessions from before the ban that were never used since stay ended.
  await d.sessions.destroyAllOf(uuid);
}

export async function addAdmin(
  d: UsersDeps,
  viewer: Viewer,
  req: AdminRegisterRequest,
  password: string,
): Promise<UserRow> {
  if (!can(viewer, { action: 'admin.manage' })) throw forbidden('需要超级管理员权限');
  return createAccount(d, {
    account: req.account,
    email: req.email || null,
    username: req.username,
    password,
    role: Role.Admin,
  });
}

export async function setAdmin(d: UsersDeps, viewer: Viewer, uuid: number): Promise<void> {
  if (!can(viewer, { action: 'admin.manage' })) throw forbidden('需要超级管理员权限');
  const u = await requireUser(d, uuid);
  if (u.role === Role.Ban) throw badRequest(`用户 ${uuid} 已被封禁，请先解封`, 'uuid');
  if (u.role === Role.Admin) throw badRequest(`用户 ${uuid} 已经是管理员`, 'uuid');
  await repo.setRole(d.db, [uuid], Role.Admin);
}

export async function revokeAdmin(d: UsersDeps, viewer: Viewer, uuid: number): Promise<void> {
  const u = await requireUser(d, uuid);
  if (!can(viewer, { action: 'admin.revoke', subject: target(u) })) {
    throw forbidden(u.is_boss === 1 ? '不能撤销超级管理员' : '需要超级管理员权限');
  }
  if (u.role !== Role.Admin) throw badRequest(`用户 ${uuid} 不是管理员`, 'uuid');
  await repo.setRole(d.db, [uuid], Role.User);
}

/**
 * An administrator marks a user 教师 or takes the mark away (classes, issue 27): teachers create
 * classes. Administrators are teachers without the mark; a banned user cannot be marked.
 */
export async function setTeacher(
  d: UsersDeps,
  viewer: Viewer,
  uuid: number,
  teacher: boolean,
): Promise<void> {
  if (!can(viewer, { action: 'user.list' })) throw forbidden('需要管理员权限');
  const u = await requireUser(d, uuid);
  if (teacher && u.role === Role.Ban) throw badRequest(`用户 ${uuid} 已被封禁，请先解封`, 'uuid');
  await repo.setTeacher(d.db, uuid, teacher);
}

/** May create classes: marked 教师, or an administrator (classes, issue 27). */
export async function isTeacher(d: UsersDeps, viewer: Viewer): Promise<boolean> {
  if (viewer.role === Role.Admin) return true;
  if (viewer.role !== Role.User) return false;
  const u = await repo.columnsById(d.db, viewer.uuid);
  return u?.teacher === 1;
}

export async function admins(d: UsersDeps, viewer: Viewer): Promise<UserRow[]> {
  if (!can(viewer, { action: 'admin.manage' })) throw forbidden('需要超级管理员权限');
  return repo.admins(d.db, d.contests);
}
