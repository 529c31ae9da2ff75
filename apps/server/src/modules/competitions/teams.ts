import { randomBytes } from 'node:crypto';
import type {
  AdminTeamSave,
  MyTeam,
  TeamAddMemberRequest,
  TeamCreateRequest,
  TeamJoinRequest,
  TeamList,
  TeamRemoveMemberRequest,
  TeamView,
} from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import { AppError, badRequest, forbidden, notFound, rateLimited } from '../../lib/errors';
import { can } from '../../lib/permissions';
import { verifyPassword } from '../users';
import { checkMayRegister, checkMaySeeClassContest } from './class-rule';
import { type Contests, contestChanged } from './deps';
import { stateOf } from './present';
import { contestRow, inTransaction } from './repo';
import type { CompetitionRow, TeamRow } from './tables';
import * as repo from './teams-repo';

/**
 * Team contests (issue 26 part 3; docs/competitions.md, "Team contests"). A contest with
 * `team_size` > 0 ranks teams: a user joins it by creating a team (becoming its captain) or by
 * joining one with its invite code; every member is also a participant of the contest (gates,
 * exams, history), and the board's key of each member's tries is their team (live.ts). Teams may be
 * created and joined until the end; members leave, are removed or the team is dissolved only
 * before the start (a result never loses a member it was made with). Admins manage any team at
 * any time, and mark teams 打星. Every change rebuilds the board (`contestChanged`).
 */

/** A team's invite code: 12 hex digits, random (the unique index refuses a repeat). */
export const newInviteCode = () => randomBytes(6).toString('hex').toUpperCase();

async function teamContest(d: Contests, id: number): Promise<CompetitionRow> {
  const c = await contestRow(d.db, id);
  if (c.team_size <= 0) throw badRequest('本场比赛是个人赛，没有队伍');
  return c;
}

const beforeStart = (c: CompetitionRow, what: string) => {
  if (stateOf(c) !== 'upcoming') throw badRequest(`比赛已开始，不能${what}`);
};

async function presentTeams(d: Contests, viewer: Viewer, teams: repo.TeamWithMembers[]): Promise<TeamView[]> {
  const names = await d.users.briefs([...new Set(teams.flatMap((t) => t.memberIds))]);
  const admin = can(viewer, { action: 'contest.administer' });
  return teams.map((t) => ({
    team_id: t.id,
    name: t.name,
    affiliation: t.affiliation,
    unofficial: t.unofficial === 1,
    captain_uuid: t.captain_id,
    members: t.memberIds.map((uuid) => ({
      uuid,
      username: names.get(uuid)?.username ?? '',
      captain: uuid === t.captain_id,
    })),
    // The code admits anyone to the team: its members and admins only.
    invite_code: admin || t.memberIds.includes(viewer.uuid) ? t.invite_code : '',
  }));
}

async function teamWithMembers(d: Contests, contestId: number, teamId: number) {
  return (await repo.teamsOf(d.db, contestId)).find((t) => t.id === teamId);
}

/** `team/mine`: the caller's team in a contest (null = none yet). */
export async function myTeam(d: Contests, viewer: Viewer, id: number): Promise<MyTeam> {
  const c = await contestRow(d.db, id);
  const teamId = c.team_size > 0 ? await repo.teamIdOfUser(d.db, id, viewer.uuid) : null;
  const team = teamId === null ? undefined : await teamWithMembers(d, id, teamId);
  return {
    team_size: c.team_size,
    team: team ? (await presentTeams(d, viewer, [team]))[0] : null,
    editable: stateOf(c) === 'upcoming',
  };
}

/** `team/list`: the teams of a contest, members by name (invite codes to members and admins only). */
export async function teamList(d: Contests, viewer: Viewer, id: number): Promise<TeamList> {
  // A class contest's teams, as its board: not to its outsiders (class-rule.ts).
  await checkMaySeeClassContest(d, viewer, await teamContest(d, id));
  return presentTeams(d, viewer, await repo.teamsOf(d.db, id));
}

async function checkJoinable(d: Contests, c: CompetitionRow, userId: number, viewer: Viewer) {
  if (stateOf(c) === 'ended') throw badRequest('比赛已结束，无法报名');
  // A class contest: every member of a team is a member of one of its classes (class-rule.ts).
  await checkMayRegister(d, viewer, c, userId);
  if ((await repo.teamIdOfUser(d.db, c.id, userId)) !== null)
    throw badRequest('你已在本场比赛的一支队伍中，请先退出原队伍');
}

/** Runs a team write; a name taken meanwhile (the unique index) reads as the same message. */
async function writeTeam<T>(d: Contests, fn: (trx: typeof d.db) => Promise<T>): Promise<T> {
  try {
    return await inTransaction(d.db, fn);
  } catch (e) {
    if (repo.isUniqueViolation(e))
      throw badRequest('队伍名称已被使用，或该用户已在本场比赛的一支队伍中', 'name');
    throw e;
  }
}

/** `team/create`: the caller creates a team (the contest's password, if any) and is its captain. */
export async function createTeam(d: Contests, viewer: Viewer, req: TeamCreateRequest): Promise<TeamView> {
  const c = await teamContest(d, req.competition_id);
  await checkJoinable(d, c, viewer.uuid, viewer);
  if (c.password_hash) {
    await d.limiter.check('login', `contest-join:${viewer.uuid}`).catch(() => {
      throw rateLimited('密码尝试过于频繁，请稍后再试');
    });
    if (!(await verifyPassword(c.password_hash, req.password ?? ''))) throw forbidden('比赛密码错误');
  }
  if (await repo.nameTaken(d.db, c.id, req.name))
    throw badRequest('本场比赛已有同名队伍，请换一个队伍名称', 'name');
  const teamId = await writeTeam(d, async (trx) => {
    const tid = await repo.insertTeam(trx, {
      competition_id: c.id,
      name: req.name,
      affiliation: req.affiliation,
      captain_id: viewer.uuid,
      invite_code: newInviteCode(),
      unofficial: 0,
    });
    await repo.insertMember(trx, c.id, tid, viewer.uuid);
    return tid;
  });
  contestChanged(d, c.id);
  return (await myTeam(d, viewer, c.id)).team ?? viewOrThrow(teamId);
}

const viewOrThrow = (teamId: number): never => {
  throw notFound(`队伍 ${teamId} 不存在`);
};

/** `team/join`: the caller joins the team of an invite code, while it has room. */
export async function joinTeam(d: Contests, viewer: Viewer, req: TeamJoinRequest): Promise<TeamView> {
  const c = await teamContest(d, req.competition_id);
  await d.limiter.check('login', `team-join:${viewer.uuid}`).catch(() => {
    throw rateLimited('邀请码尝试过于频繁，请稍后再试');
  });
  await checkJoinable(d, c, viewer.uuid, viewer);
  const team = await repo.teamByCode(d.db, c.id, req.invite_code.toUpperCase());
  if (!team) throw badRequest('邀请码无效', 'invite_code');
  await addMember(d, c, team, viewer.uuid);
  return (await myTeam(d, viewer, c.id)).team ?? viewOrThrow(team.id);
}

async function addMember(d: Contests, c: CompetitionRow, team: TeamRow, userId: number) {
  if ((await repo.memberCount(d.db, team.id)) >= c.team_size)
    throw badRequest(`队伍已满（每队最多 ${c.team_size} 人）`);
  await writeTeam(d, (trx) => repo.insertMember(trx, c.id, team.id, userId));
  contestChanged(d, c.id);
}

/** The caller's team, when they are its captain. */
async function captainsTeam(d: Contests, viewer: Viewer, c: CompetitionRow): Promise<TeamRow> {
  const teamId = await repo.teamIdOfUser(d.db, c.id, viewer.uuid);
  const team = teamId === null ? undefined : await repo.teamById(d.db, c.id, teamId);
  if (!team) throw badRequest('你还没有加入本场比赛的队伍');
  if (team.captain_id !== viewer.uuid) throw forbidden('只有队长可以管理队伍');
  return team;
}

/** `team/add-member`: the captain adds a user by account. */
export async function addMemberByAccount(
  d: Contests,
  viewer: Viewer,
  req: TeamAddMemberRequest,
): Promise<TeamView> {
  const c = await teamContest(d, req.competition_id);
  const team = await captainsTeam(d, viewer, c);
  if (stateOf(c) === 'ended') throw badRequest('比赛已结束，不能添加队员');
  const uid = (await d.users.idsOfAccounts([req.account])).get(req.account);
  if (uid === undefined) throw badRequest(`账号 ${req.account} 不存在`, 'account');
  if ((await repo.teamIdOfUser(d.db, c.id, uid)) !== null)
    throw badRequest(`账号 ${req.account} 已在本场比赛的一支队伍中`, 'account');
  await checkMayRegister(d, viewer, c, uid).catch((e: unknown) => {
    throw e instanceof AppError && e.status === 403
      ? forbidden(`账号 ${req.account} 不能加入：${e.message}`)
      : e;
  });
  await addMember(d, c, team, uid);
  return (await myTeam(d, viewer, c.id)).team ?? viewOrThrow(team.id);
}

/** `team/remove-member`: the captain removes a member before the start. */
export async function removeMember(d: Contests, viewer: Viewer, req: TeamRemoveMemberRequest): Promise<void> {
  const c = await teamContest(d, req.competition_id);
  const team = await captainsTeam(d, viewer, c);
  beforeStart(c, '移除队员');
  if (req.uuid === viewer.uuid) throw badRequest('队长不能移除自己，请解散队伍', 'uuid');
  if ((await repo.teamIdOfUser(d.db, c.id, req.uuid)) !== team.id)
    throw badRequest('该用户不是本队队员', 'uuid');
  await inTransaction(d.db, (trx) => repo.deleteMembers(trx, c.id, [req.uuid]));
  contestChanged(d, c.id);
}

/** `team/leave`: a member (not the captain) leaves before the start. */
export async function leaveTeam(d: Contests, viewer: Viewer, id: number): Promise<void> {
  const c = await teamContest(d, id);
  const teamId = await repo.teamIdOfUser(d.db, id, viewer.uuid);
  const team = teamId === null ? undefined : await repo.teamById(d.db, id, teamId);
  if (!team) throw badRequest('你还没有加入本场比赛的队伍');
  beforeStart(c, '退出队伍');
  if (team.captain_id === viewer.uuid) throw badRequest('队长不能退出队伍，请解散队伍');
  await inTransaction(d.db, (trx) => repo.deleteMembers(trx, id, [viewer.uuid]));
  contestChanged(d, id);
}

/** `team/dissolve`: the captain dissolves the team before the start. */
export async function dissolveTeam(d: Contests, viewer: Viewer, id: number): Promise<void> {
  const c = await teamContest(d, id);
  const team = await captainsTeam(d, viewer, c);
  beforeStart(c, '解散队伍');
  await inTransaction(d.db, (trx) => repo.deleteTeam(trx, id, team.id));
  contestChanged(d, id);
}

/**
 * Admin: creates or edits a team at any time. `members` (accounts, the first the captain) replaces
 * the members when given; each must exist and be in no other team of the contest.
 */
export async function adminSaveTeam(d: Contests, viewer: Viewer, req: AdminTeamSave): Promise<TeamView> {
  const c = await teamContest(d, req.competition_id);
  const existing = req.team_id === undefined ? undefined : await repo.teamById(d.db, c.id, req.team_id);
  if (req.team_id !== undefined && !existing) throw notFound(`队伍 ${req.team_id} 不存在`);
  if (await repo.nameTaken(d.db, c.id, req.name, existing?.id ?? 0))
    throw badRequest('本场比赛已有同名队伍，请换一个队伍名称', 'name');
  let memberIds: number[] | undefined;
  if (req.members) {
    const accounts = [...new Set(req.members)];
    if (!existing && !accounts.length) throw badRequest('新队伍至少需要一名队员（队长）', 'members');
    if (accounts.length > c.team_size) throw badRequest(`成员不能超过每队人数 ${c.team_size}`, 'members');
    const ids = await d.users.idsOfAccounts(accounts);
    const missing = accounts.filter((a) => !ids.has(a));
    if (missing.length) throw badRequest(`账号不存在：${missing.join('、')}`, 'members');
    memberIds = accounts.map((a) => ids.get(a)!);
    for (const [i, uid] of memberIds.entries()) {
      const in_ = await repo.teamIdOfUser(d.db, c.id, uid);
      if (in_ !== null && in_ !== existing?.id)
        throw badRequest(`账号 ${accounts[i]} 已在本场比赛的另一支队伍中`, 'members');
    }
  } else if (!existing) throw badRequest('新队伍至少需要一名队员（队长）', 'members');
  const teamId = await writeTeam(d, async (trx) => {
    const fields = { name: req.name, affiliation: req.affiliation, unofficial: req.unofficial ? 1 : 0 };
    let tid = existing?.id;
    if (tid === undefined)
      tid = await repo.insertTeam(trx, {
        competition_id: c.id,
        ...fields,
        captain_id: memberIds![0],
        invite_code: newInviteCode(),
      });
    else
      await repo.updateTeam(trx, tid, {
        ...fields,
        ...(memberIds?.length ? { captain_id: memberIds[0] } : {}),
      });
    if (memberIds) {
      const current = (await repo.teamsOf(trx, c.id)).find((t) => t.id === tid)?.memberIds ?? [];
      await repo.deleteMembers(
        trx,
        c.id,
        current.filter((u) => !memberIds!.includes(u)),
      );
      for (const uid of memberIds) if (!current.includes(uid)) await repo.insertMember(trx, c.id, tid, uid);
    }
    return tid;
  });
  contestChanged(d, c.id);
  const team = await teamWithMembers(d, c.id, teamId);
  if (!team) return viewOrThrow(teamId);
  return (await presentTeams(d, viewer, [team]))[0];
}

/** Admin: deletes a team (its members are no longer participants). */
export async function adminDeleteTeam(
  d: Contests,
  q: { competition_id: number; team_id: number },
): Promise<void> {
  const c = await teamContest(d, q.competition_id);
  if (!(await repo.teamById(d.db, c.id, q.team_id))) throw notFound(`队伍 ${q.team_id} 不存在`);
  await inTransaction(d.db, (trx) => repo.deleteTeam(trx, c.id, q.team_id));
  contestChanged(d, c.id);
}

/** Admin: marks a team 打星 (ranked, no medal or award) or official. */
export async function adminSetTeamUnofficial(
  d: Contests,
  q: { competition_id: number; team_id: number; unofficial: number },
): Promise<void> {
  const c = await teamContest(d, q.competition_id);
  if (!(await repo.teamById(d.db, c.id, q.team_id))) throw notFound(`队伍 ${q.team_id} 不存在`);
  await repo.updateTeam(d.db, q.team_id, { unofficial: q.unofficial });
  contestChanged(d, c.id);
}
