import {
  AwardsQuery,
  AwardsView,
  BalloonDeliverQuery,
  BalloonList,
  BulkAccountsRequest,
  CompetitionIdQuery,
  Empty,
  envelope,
  Role,
  UnofficialQuery,
} from '@oj/shared';
import { requireRole } from '../../lib/auth';
import { ok } from '../../lib/envelope';
import { type App, readRoute } from '../registry';
import type { CompetitionsRouteDeps } from './routes';

const P = '/api/competition/admin';

/** On-site tools for staff (issue 26 part 5): balloons, medals and 打星, bulk accounts. Admins only. */
export function registerOnsiteRoutes(app: App, d: CompetitionsRouteDeps): void {
  const svc = d.competitions;
  const admin = [requireRole(Role.Admin)];
  const tags = ['competitions'];

  readRoute(
    app,
    `${P}/balloons`,
    {
      tags,
      summary: '气球列表（每队每题的首次通过，最新的在前；真实排名，封榜期间也有）',
      query: CompetitionIdQuery,
      reply: BalloonList,
      preHandler: admin,
    },
    async (req) => svc.onsite.balloons(req.query.competition_id),
  );
  app.post(
    `${P}/balloons/deliver`,
    {
      preHandler: admin,
      schema: {
        tags,
        summary: '标记气球已送达（delivered=0 撤销）',
        querystring: BalloonDeliverQuery,
        response: { 200: envelope(Empty) },
      },
    },
    async (req) => {
      await svc.onsite.deliver(req.viewer, req.query);
      return ok(null, req.query.delivered ? '已标记为送达' : '已撤销送达');
    },
  );

  readRoute(
    app,
    `${P}/awards`,
    {
      tags,
      summary: '奖牌设置与参赛者的打星标记',
      query: CompetitionIdQuery,
      reply: AwardsView,
      preHandler: admin,
    },
    async (req) => svc.onsite.awards(req.query.competition_id),
  );
  app.post(
    `${P}/awards/set`,
    {
      preHandler: admin,
      schema: {
        tags,
        summary: '设置金、银、铜牌数量（按正式参赛者的名次颁发，打星不参与）',
        querystring: AwardsQuery,
        response: { 200: envelope(Empty) },
      },
    },
    async (req) => {
      await svc.onsite.setMedals(req.query);
      return ok(null, '奖牌设置已保存');
    },
  );
  app.post(
    `${P}/unofficial`,
    {
      preHandler: admin,
      schema: {
        tags,
        summary: '标记 / 取消打星（打星参与排名，不参与奖牌和积分）',
        querystring: UnofficialQuery,
        response: { 200: envelope(Empty) },
      },
    },
    async (req) => {
      await svc.onsite.setUnofficial(req.query);
      return ok(null, req.query.unofficial ? '已标记为打星' : '已取消打星');
    },
  );
  app.post(
    `${P}/accounts/bulk`,
    {
      preHandler: admin,
      schema: {
        tags,
        summary: '批量创建参赛账号并报名（答复 .xlsx：姓名、学校、账号、初始密码）',
        querystring: CompetitionIdQuery,
        body: BulkAccountsRequest,
      },
    },
    async (req, reply) => {
      const body = await svc.onsite.bulkAccounts(req.query.competition_id, req.body);
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header(
          'content-disposition',
          `attachment; filename="accounts-${req.query.competition_id}.xlsx"; filename*=UTF-8''${encodeURIComponent('参赛账号.xlsx')}`,
        )
        .send(body);
    },
  );
}
