import type {
  ClassAnnouncement,
  ClassDecideRequest,
  ClassJoined,
  ClassMember,
  ClassMemberRoleRequest,
  ClassPendingRequest,
  ClassRole,
} from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { classCan, requireAccess } from './access';
import { normaliseCode } from './classes';
import type { ClassesDeps } from './deps';
import * as repo from './repo';

/** Accounts and names of some users, one read. */
async function people(d: ClassesDeps, ids: number[]) {
  const users = await d.users.byIds([...new Set(ids)]);
  return new Map(users.map((u) => [u.id, { account: u.account, username: u.username }]));
}

/**
 * Joining by invite code (or the invite link, which carries the code): at once when the class is
 * open with its code, as a pending request when it needs approval. The same answer for an unknown
 * code and an archived class's, so codes cannot be probed for what they belong to.
 */
export async function joinByCode(d: ClassesDeps, viewer: Viewer, code: string): Promise<ClassJoined> {
  const row = await repo.classByCode(d.db, normaliseCode(code));
  if (!row || row.archived === 1) throw badRequest('邀请码无效或班级已归档', 'code');
  if (await repo.memberRole(d.db, row.id, viewer.uuid)) throw badRequest('你已经是该班级的成员', 'code');
  const now = nowIso(d.clock);
  if (row.join_mode === 'approval') {
    await repo.fileRequest(d.db, row.id, viewer.uuid, now);
    return { class_id: row.id, name: row.name, state: 'pending' };
  }
  await repo.addMember(d.db, row.id, viewer.uuid, 'student', now);
  return { class_id: row.id, name: row.name, state: 'joined' };
}

export async function listMembers(d: ClassesDeps, viewer: Viewer, classId: number): Promise<ClassMember[]> {
  await requireAccess(d, viewer, classId, 'read');
  const rows = await repo.members(d.db, classId);
  const who = await people(
    d,
    rows.map((r) => r.user_id),
  );
  return rows.map((r) => ({
    user_id: r.user_id,
    account: who.get(r.user_id)?.account ?? '',
    username: who.get(r.user_id)?.username ?? '',
    role: r.role as ClassRole,
    joined_at: r.joined_at,
  }));
}

export async function listRequests(
  d: ClassesDeps,
  viewer: Viewer,
  classId: number,
): Promise<ClassPendingRequest[]> {
  await requireAccess(d, viewer, classId, 'manage');
  const rows = await repo.pendingRequests(d.db, classId);
  const who = await people(
    d,
    rows.map((r) => r.user_id),
  );
  return rows.map((r) => ({
    user_id: r.user_id,
    account: who.get(r.user_id)?.account ?? '',
    username: who.get(r.user_id)?.username ?? '',
    created_at: r.created_at,
  }));
}

/** The teacher or a TA approves (the user becomes a student) or rejects a pending request. */
export async function decideRequest(d: ClassesDeps, viewer: Viewer, req: ClassDecideRequest): Promise<void> {
  await requireAccess(d, viewer, req.class_id, 'manage');
  const now = nowIso(d.clock);
  await repo.inTransaction(d.db, async (trx) => {
    const state = req.approve ? 'approved' : 'rejected';
    if (!(await repo.decideRequest(trx, req.class_id, req.user_id, state, viewer.uuid, now)))
      throw notFound('没有这条待审核的加入申请');
    if (req.approve) await repo.addMember(trx, req.class_id, req.user_id, 'student', now);
  });
}

/** The teacher makes a member a TA, or a TA a student again; the teacher's own role stays. */
export async function setMemberRole(
  d: ClassesDeps,
  viewer: Viewer,
  req: ClassMemberRoleRequest,
): Promise<void> {
  await requireAccess(d, viewer, req.class_id, 'own');
  const role = await repo.memberRole(d.db, req.class_id, req.user_id);
  if (!role) throw notFound(`用户 ${req.user_id} 不是该班级的成员`);
  if (role === 'teacher') throw badRequest('不能更改班级教师的角色', 'user_id');
  await repo.setMemberRole(d.db, req.class_id, req.user_id, req.role);
}

/**
 * Removes a member: TAs remove students, the teacher removes students and TAs, nobody removes the
 * teacher. Access is read on every call, so the removed member is refused from the next one on.
 */
export async function removeMember(
  d: ClassesDeps,
  viewer: Viewer,
  classId: number,
  userId: number,
): Promise<void> {
  const a = await requireAccess(d, viewer, classId, 'manage');
  const role = await repo.memberRole(d.db, classId, userId);
  if (!role) throw notFound(`用户 ${userId} 不是该班级的成员`);
  if (role === 'teacher') throw badRequest('不能移除班级教师', 'user_id');
  if (role === 'ta' && !classCan(a, 'own')) throw forbidden('只有班级的教师可以移除助教');
  await repo.removeMember(d.db, classId, userId);
}

// ---------------------------------------------------------------- announcements

export async function listAnnouncements(
  d: ClassesDeps,
  viewer: Viewer,
  classId: number,
): Promise<ClassAnnouncement[]> {
  await requireAccess(d, viewer, classId, 'read');
  const rows = await repo.announcements(d.db, classId);
  const who = await people(
    d,
    rows.map((r) => r.author_id),
  );
  return rows.map((r) => ({
    announcement_id: r.id,
    author_id: r.author_id,
    author_name: who.get(r.author_id)?.username ?? '',
    content: r.content,
    created_at: r.created_at,
  }));
}

export async function addAnnouncement(
  d: ClassesDeps,
  viewer: Viewer,
  classId: number,
  content: string,
): Promise<number> {
  await requireAccess(d, viewer, classId, 'manage');
  return repo.addAnnouncement(d.db, {
    class_id: classId,
    author_id: viewer.uuid,
    content,
    created_at: nowIso(d.clock),
  });
}

export async function deleteAnnouncement(
  d: ClassesDeps,
  viewer: Viewer,
  classId: number,
  id: number,
): Promise<void> {
  await requireAccess(d, viewer, classId, 'manage');
  if (!(await repo.deleteAnnouncement(d.db, classId, id))) throw notFound(`公告 ${id} 不存在`);
}
