import {
  AdminTeamQuery,
  AdminTeamSave,
  AdminTeamUnofficial,
  CompetitionIdQuery,
  Empty,
  MyTeam,
  Role,
  TeamAddMemberRequest,
  TeamContestRequest,
  TeamCreateRequest,
  TeamJoinRequest,
  TeamList,
  TeamRemoveMemberRequest,
  TeamView,
} from '@oj/shared';
import { requireRole } from '../../lib/auth';
import { type App, readRoute, writeRoute } from '../registry';
import type { CompetitionsRouteDeps } from './routes';

const P = '/api/competition';

/**
 * Issue 26 part 3 (teams.ts): the caller's team in a team contest, creating, joining (invite code),
 * leaving and dissolving it, the captain's member management, the teams of a contest, and the
 * admins' team management (create, edit, delete, 打星).
 */
export function registerTeamRoutes(app: App, d: CompetitionsRouteDeps): void {
  const svc = d.competitions.teams;
  const user = [requireRole(Role.User)];
  const tags = ['competitions'];

  readRoute(
    app,
    `${P}/team/mine`,
    { tags, summary: '我在该团队赛中的队伍', query: CompetitionIdQuery, reply: MyTeam, preHandler: user },
    async (req) => svc.mine(req.viewer, req.query.competition_id),
  );
  readRoute(
    app,
    `${P}/team/list`,
    {
      tags,
      summary: '团队赛的全部队伍（邀请码仅本队队员与管理员可见）',
      query: CompetitionIdQuery,
      reply: TeamList,
    },
    async (req) => svc.list(req.viewer, req.query.competition_id),
  );
  writeRoute(
    app,
    `${P}/team/create`,
    {
      tags,
      summary: '创建队伍（创建者为队长）',
      body: TeamCreateRequest,
      reply: TeamView,
      preHandler: user,
      message: '队伍已创建',
    },
    async (req) => svc.create(req.viewer, req.body),
  );
  writeRoute(
    app,
    `${P}/team/join`,
    {
      tags,
      summary: '凭邀请码加入队伍',
      body: TeamJoinRequest,
      reply: TeamView,
      preHandler: user,
      message: '已加入队伍',
    },
    async (req) => svc.join(req.viewer, req.body),
  );
  writeRoute(
    app,
    `${P}/team/add-member`,
    {
      tags,
      summary: '队长按账号添加队员',
      body: TeamAddMemberRequest,
      reply: TeamView,
      preHandler: user,
      message: '已添加队员',
    },
    async (req) => svc.addMember(req.viewer, req.body),
  );
  writeRoute(
    app,
    `${P}/team/remove-member`,
    {
      tags,
      summary: '队长移除队员（比赛开始前）',
      body: TeamRemoveMemberRequest,
      reply: Empty,
      preHandler: user,
      message: '已移除队员',
    },
    async (req) => {
      await svc.removeMember(req.viewer, req.body);
      return null;
    },
  );
  writeRoute(
    app,
    `${P}/team/leave`,
    {
      tags,
      summary: '退出队伍（比赛开始前，队长除外）',
      body: TeamContestRequest,
      reply: Empty,
      preHandler: user,
      message: '已退出队伍',
    },
    async (req) => {
      await svc.leave(req.viewer, req.body.competition_id);
      return null;
    },
  );
  writeRoute(
    app,
    `${P}/team/dissolve`,
    {
      tags,
      summary: '解散队伍（队长，比赛开始前）',
      body: TeamContestRequest,
      reply: Empty,
      preHandler: user,
      message: '队伍已解散',
    },
    async (req) => {
      await svc.dissolve(req.viewer, req.body.competition_id);
      return null;
    },
  );
  registerAdminTeamRoutes(app, d);
}

/** The admins' team management: create or edit, delete, 打星. */
function registerAdminTeamRoutes(app: App, d: CompetitionsRouteDeps): void {
  const svc = d.competitions.teams;
  const admin = [requireRole(Role.Admin)];
  const tags = ['competitions'];
  writeRoute(
    app,
    `${P}/admin/team/save`,
    {
      tags,
      summary: '管理员创建或修改队伍',
      body: AdminTeamSave,
      reply: TeamView,
      preHandler: admin,
      message: '队伍已保存',
    },
    async (req) => svc.adminSave(req.viewer, req.body),
  );
  writeRoute(
    app,
    `${P}/admin/team/delete`,
    {
      tags,
      summary: '管理员删除队伍',
      body: AdminTeamQuery,
      reply: Empty,
      preHandler: admin,
      message: '队伍已删除',
    },
    async (req) => {
      await svc.adminDelete(req.body);
      return null;
    },
  );
  writeRoute(
    app,
    `${P}/admin/team/unofficial`,
    {
      tags,
      summary: '管理员设置队伍打星',
      body: AdminTeamUnofficial,
      reply: Empty,
      preHandler: admin,
      message: '已保存',
    },
    async (req) => {
      await svc.adminUnofficial(req.body);
      return null;
    },
  );
}
