import {
  CompetitionAddRequest,
  CompetitionAdded,
  CompetitionAdminAddQuery,
  CompetitionDetail,
  CompetitionEdit,
  CompetitionIdQuery,
  CompetitionInfoPage,
  CompetitionPageQuery,
  ContestProblem,
  ContestProblemList,
  ContestProblemQuery,
  ContestRecordsQuery,
  Empty,
  envelope,
  ExamMine,
  FreezeQuery,
  JoinQuery,
  JoinRecords,
  JoinsQuery,
  RankPage,
  RankQuery,
  RatedQuery,
  RatingRecomputed,
  RecordPage,
  Role,
  TopUserPage,
  TopUsers,
  PageQuery,
} from '@oj/shared';
import type { DomainBus } from '../../events';
import { requireRole } from '../../lib/auth';
import { ok } from '../../lib/envelope';
import { type App, type AppModule, readRoute } from '../registry';
import type { CompetitionsService } from './service';
import { registerOnsiteRoutes } from './onsite-routes';
import { registerRunRoutes } from './run-routes';
import { registerTeamRoutes } from './team-routes';
import { registerClassRoutes } from './class-routes';
import { streamRank } from './stream';

const P = '/api/competition';

/**
 * Contests (SPEC §7 Competitions, issue 6): list, join, problems, live ranking with its stream,
 * user-created contests, the profile's records, admin management, rating and the Excel export.
 * Its gates and scoreboard listeners are wired in services.ts, the composition root.
 */
/** What the routes use. */
export interface CompetitionsRouteDeps {
  competitions: CompetitionsService;
  /** The ranking stream follows `contest.board.changed`. */
  bus: DomainBus;
  /** Live SSE streams of this node: ended when the server shuts down. */
  openStreams: Set<() => void>;
}

export const competitionsModule: AppModule<CompetitionsRouteDeps> = {
  name: 'competitions',
  async routes(app, d) {
    registerPublicRoutes(app, d);
    registerParticipantRoutes(app, d);
    registerAdminRoutes(app, d);
    registerOnsiteRoutes(app, d);
    registerRunRoutes(app, d);
    registerTeamRoutes(app, d);
    registerClassRoutes(app, d);
  },
};

/** The list, a contest, its ranking (and stream) and the rating ranking: open to everyone. */
function registerPublicRoutes(app: App, d: CompetitionsRouteDeps): void {
  const svc = d.competitions;
  const tags = ['competitions'];
  readRoute(
    app,
    `${P}/search/page`,
    {
      tags,
      summary: '比赛列表（10 个一页，最新开始的在前）',
      query: CompetitionPageQuery,
      reply: CompetitionInfoPage,
    },
    async (req) => svc.list(req.viewer, req.query),
  );
  readRoute(
    app,
    `${P}/search/competitionId`,
    { tags, summary: '比赛详情', query: CompetitionIdQuery, reply: CompetitionDetail },
    async (req) => svc.detail(req.viewer, req.query.competition_id),
  );
  readRoute(
    app,
    `${P}/search/rank/pageNum`,
    {
      tags,
      summary: '比赛排名（封榜期间他人看到封榜后的提交为待定；status=1 为管理员查看真实排名）',
      query: RankQuery,
      reply: RankPage,
    },
    async (req) => svc.rank(req.viewer, req.query),
  );
  readRoute(
    app,
    `${P}/search/rating/page`,
    { tags, summary: '积分排行榜（参加过计分比赛的用户）', query: PageQuery, reply: TopUserPage },
    async (req) => svc.ratingPage(req.query.pageNum, req.query.pageSize),
  );
  readRoute(app, `${P}/search/top`, { tags, summary: '积分前 10 名', reply: TopUsers }, async () =>
    svc.top(),
  );

  app.get(
    `${P}/search/rank/stream`,
    {
      schema: {
        tags,
        summary: '排名实时更新（Server-Sent Events，事件 rank）',
        querystring: CompetitionIdQuery,
      },
    },
    async (req, reply) =>
      streamRank(req, reply, req.query.competition_id, {
        boards: svc.boards,
        bus: d.bus,
        open: d.openStreams,
        mayWatch: svc.classContests.checkSee,
      }),
  );
}

/** Joining, a contest's problems, my submissions, users' own contests and the profile's records. */
function registerParticipantRoutes(app: App, d: CompetitionsRouteDeps): void {
  const svc = d.competitions;
  const user = [requireRole(Role.User)];
  const tags = ['competitions'];

  readRoute(
    app,
    `${P}/exam/mine`,
    {
      tags,
      summary: '我正在参加的考试（考试模式的比赛进行中时，只能访问该比赛；未参加为 null）',
      reply: ExamMine,
    },
    async (req) => svc.exam.mine(req.viewer, req.ip),
  );

  app.post(
    `${P}/join`,
    {
      preHandler: user,
      schema: {
        tags,
        summary: '报名比赛（有密码时需 password）',
        querystring: JoinQuery,
        response: { 200: envelope(Empty) },
      },
    },
    async (req) => {
      await svc.join(req.viewer, req.query.competition_id, req.query.password);
      return ok(null, '报名成功');
    },
  );
  app.post(
    `${P}/join/cancel`,
    {
      preHandler: user,
      schema: {
        tags,
        summary: '取消报名（比赛开始前）',
        querystring: CompetitionIdQuery,
        response: { 200: envelope(Empty) },
      },
    },
    async (req) => {
      await svc.cancel(req.viewer, req.query.competition_id);
      return ok(null, '已取消报名');
    },
  );
  app.post(
    `${P}/search/problems`,
    {
      preHandler: user,
      schema: {
        tags,
        summary: '比赛题目列表（开始前隐藏）',
        querystring: CompetitionIdQuery,
        response: { 200: envelope(ContestProblemList) },
      },
    },
    async (req) => ok(await svc.problems(req.viewer, req.query.competition_id)),
  );
  app.post(
    `${P}/search/problem`,
    {
      preHandler: user,
      schema: {
        tags,
        summary: '比赛中的一道题（index 从 0 开始）',
        querystring: ContestProblemQuery,
        response: { 200: envelope(ContestProblem) },
      },
    },
    async (req) => ok(await svc.problem(req.viewer, req.query.competition_id, req.query.index)),
  );
  app.post(
    `${P}/search/records/pageNum`,
    {
      preHandler: user,
      schema: {
        tags,
        summary: '我在该比赛中的提交',
        querystring: ContestRecordsQuery,
        response: { 200: envelope(RecordPage) },
      },
    },
    async (req) => ok(await svc.records(req.viewer, req.query)),
  );
  app.post(
    `${P}/user/add`,
    {
      preHandler: user,
      schema: {
        tags,
        summary: '用户创建比赛（不计分，除非管理员标记）',
        body: CompetitionAddRequest,
        response: { 200: envelope(CompetitionAdded) },
      },
    },
    async (req) =>
      ok({ competition_id: await svc.create(req.viewer, { ...req.body, rated: false }) }, '创建成功'),
  );
  app.post(
    `${P}/user/joins/get`,
    {
      preHandler: user,
      schema: {
        tags,
        summary: '比赛记录（pageNum 0 为全部，用于积分曲线；否则 5 个一页）',
        body: JoinsQuery,
        response: { 200: envelope(JoinRecords) },
      },
    },
    async (req) => ok(await svc.joins(req.viewer, req.body)),
  );
  app.get(
    `${P}/get`,
    {
      preHandler: user,
      schema: {
        tags,
        summary: '编辑用：比赛的完整设置（管理员或创建者）',
        querystring: CompetitionIdQuery,
        response: { 200: envelope(CompetitionEdit) },
      },
    },
    async (req) => ok(await svc.edit(req.viewer, req.query.competition_id)),
  );
  app.post(
    `${P}/admin/modify`,
    {
      preHandler: user,
      schema: {
        tags,
        summary: '修改比赛（管理员，或开始前的创建者）',
        querystring: CompetitionIdQuery,
        body: CompetitionAddRequest,
        response: { 200: envelope(Empty) },
      },
    },
    async (req) => {
      await svc.modify(req.viewer, req.query.competition_id, req.body);
      return ok(null, '修改成功');
    },
  );
}

/** Management (admins): create, delete, freeze, rated, rating recompute and the Excel export. */
function registerAdminRoutes(app: App, d: CompetitionsRouteDeps): void {
  const svc = d.competitions;
  const admin = [requireRole(Role.Admin)];
  const tags = ['competitions'];

  app.post(
    `${P}/admin/algorithm/add`,
    {
      preHandler: admin,
      schema: {
        tags,
        summary: '管理员创建比赛（status=1 或 rated 为计分比赛）',
        querystring: CompetitionAdminAddQuery,
        body: CompetitionAddRequest,
        response: { 200: envelope(CompetitionAdded) },
      },
    },
    async (req) =>
      ok(
        {
          competition_id: await svc.create(req.viewer, req.body, {
            rated: req.query.status === '1' || req.body.rated,
          }),
        },
        '创建成功',
      ),
  );
  app.post(
    `${P}/admin/delete`,
    {
      preHandler: admin,
      schema: {
        tags,
        summary: '删除比赛（已计算的积分会回滚）',
        querystring: CompetitionIdQuery,
        response: { 200: envelope(Empty) },
      },
    },
    async (req) => {
      await svc.remove(req.query.competition_id);
      return ok(null, '删除成功');
    },
  );
  app.post(
    `${P}/admin/freeze`,
    {
      preHandler: admin,
      schema: {
        tags,
        summary: '封榜（最后 minutes 分钟）',
        querystring: FreezeQuery,
        response: { 200: envelope(Empty) },
      },
    },
    async (req) => {
      await svc.freeze(req.query.competition_id, req.query.minutes);
      return ok(null, '已封榜');
    },
  );
  app.post(
    `${P}/admin/unfreeze`,
    {
      preHandler: admin,
      schema: {
        tags,
        summary: '解除封榜，公布结果',
        querystring: CompetitionIdQuery,
        response: { 200: envelope(Empty) },
      },
    },
    async (req) => {
      await svc.unfreeze(req.query.competition_id);
      return ok(null, '已解除封榜');
    },
  );
  app.post(
    `${P}/admin/rated`,
    {
      preHandler: admin,
      schema: {
        tags,
        summary: '标记为计分 / 不计分比赛',
        querystring: RatedQuery,
        response: { 200: envelope(Empty) },
      },
    },
    async (req) => {
      await svc.setRated(req.query.competition_id, req.query.rated === 1);
      return ok(null, '设置成功');
    },
  );
  app.post(
    `${P}/admin/rating/recompute`,
    {
      preHandler: admin,
      schema: {
        tags,
        summary: '重新计算积分（回滚后重新应用）',
        querystring: CompetitionIdQuery,
        response: { 200: envelope(RatingRecomputed) },
      },
    },
    async (req) =>
      ok({ participants: await svc.recomputeRating(req.query.competition_id) }, '积分已重新计算'),
  );
  app.get(
    `${P}/get/rank/excel`,
    {
      preHandler: admin,
      schema: { tags, summary: '导出排名为 Excel（.xlsx，真实排名）', querystring: CompetitionIdQuery },
    },
    async (req, reply) => {
      const file = await svc.excel(req.query.competition_id);
      const name = encodeURIComponent(`${file.name}-排名.xlsx`);
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header(
          'content-disposition',
          `attachment; filename="rank-${req.query.competition_id}.xlsx"; filename*=UTF-8''${name}`,
        )
        .send(file.body);
    },
  );
}
