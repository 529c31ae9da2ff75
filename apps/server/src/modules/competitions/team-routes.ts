import {
  AdminTeamQuery,
  AdminTeamSave,
  AdminTeamUnofficial,
  CompetitionIdQuery,
  Empty,
  envelope,
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
import { ok } from '../../lib/envelope';
import { type App, readRoute } from '../registry';
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
  const admin = [requireRole(Role.Admin)];
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
  app.post(
    `${P}/team/create`,
    {
      preHandler: user,
      schema: {
        tags,
        summary: '创建队伍（创建者为队长）',
        body: TeamCreateRequest,
        response: { 200: envelope(TeamView) },
      },
    },
    async (req) => ok(await svc.create(req.viewer, req.body), '队伍已创建'),
  );
  app.post(
    `${P}/team/join`,
    {
      preHandler: user,
      schema: {
        tags,
        summary: '凭邀请码加入队伍',
        body: TeamJoinRequest,
        response: { 200: envelope(TeamView) },
      },
    },
    async (req) => ok(await svc.join(req.viewer, req.body), '已加入队伍'),
  );
  app.post(
    `${P}/team/add-member`,
    {
      preHandler: user,
      schema: {
        tags,
        summary: '队长按账号添加队员',
        body: TeamAddMemberRequest,
        response: { 200: envelope(TeamView) },
      },
    },
    async (req) => ok(await svc.addMember(req.viewer, req.body), '已添加队员'),
  );
  app.post(
    `${P}/team/remove-member`,
    {
      preHandler: user,
      schema: {
        tags,
        summary: '队长移除队员（比赛开始前）',
        body: TeamRemoveMemberRequest,
        response: { 200: envelope(Empty) },
      },
    },
    async (req) => {
      await svc.removeMember(req.viewer, req.body);
      return ok(null, '已移除队员');
    },
  );
  app.post(
    `${P}/team/leave`,
    {
      preHandler: user,
      schema: {
        tags,
        summary: '退出队伍（比赛开始前，队长除外）',
        body: TeamContestRequest,
        response: { 200: envelope(Empty) },
      },
    },
    async (req) => {
      await svc.leave(req.viewer, req.body.competition_id);
      return ok(null, '已退出队伍');
    },
  );
  app.post(
    `${P}/team/dissolve`,
    {
      preHandler: user,
      schema: {
        tags,
        summary: '解散队伍（队长，比赛开始前）',
        body: TeamContestRequest,
        response: { 200: envelope(Empty) },
      },
    },
    async (req) => {
      await svc.dissolve(req.viewer, req.body.competition_id);
      return ok(null, '队伍已解散');
    },
  );
  app.post(
    `${P}/admin/team/save`,
    {
      preHandler: admin,
      schema: {
        tags,
        summary: '管理员创建或修改队伍',
        body: AdminTeamSave,
        response: { 200: envelope(TeamView) },
      },
    },
    async (req) => ok(await svc.adminSave(req.viewer, req.body), '队伍已保存'),
  );
  app.post(
    `${P}/admin/team/delete`,
    {
      preHandler: admin,
      schema: { tags, summary: '管理员删除队伍', body: AdminTeamQuery, response: { 200: envelope(Empty) } },
    },
    async (req) => {
      await svc.adminDelete(req.body);
      return ok(null, '队伍已删除');
    },
  );
  app.post(
    `${P}/admin/team/unofficial`,
    {
      preHandler: admin,
      schema: {
        tags,
        summary: '管理员设置队伍打星',
        body: AdminTeamUnofficial,
        response: { 200: envelope(Empty) },
      },
    },
    async (req) => {
      await svc.adminUnofficial(req.body);
      return ok(null, '已保存');
    },
  );
}
