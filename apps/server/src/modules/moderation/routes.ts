import {
  Empty,
  envelope,
  HandleReportRequest,
  MutePage,
  MuteResult,
  MuteRequest,
  PageNumQuery,
  ReportCreated,
  ReportPage,
  ReportRequest,
  ReportsQuery,
  Role,
  UuidQuery,
} from '@oj/shared';
import { requireRole } from '../../lib/auth';
import { ok } from '../../lib/envelope';
import type { RateLimiter } from '../../lib/rate-limit';
import type { AppModule } from '../registry';
import type { ModerationService } from './service';

const P = '/api/moderation';

/** What the routes use. */
export interface ModerationRouteDeps {
  moderation: ModerationService;
  limiter: Pick<RateLimiter, 'check'>;
}

/** Reports (any user) and their handling, mutes (admins). */
export const moderationModule: AppModule<ModerationRouteDeps> = {
  name: 'moderation',
  async routes(app, { moderation, limiter }) {
    const user = [requireRole(Role.User)];
    const admin = [requireRole(Role.Admin)];
    const tags = ['moderation'];

    app.post(
      `${P}/report`,
      {
        preHandler: user,
        schema: {
          tags,
          summary: '举报帖子或评论',
          body: ReportRequest,
          response: { 200: envelope(ReportCreated) },
        },
      },
      async (req) => {
        await limiter.check('report', String(req.viewer.uuid));
        return ok(await moderation.report(req.viewer.uuid, req.body), '已举报，管理员会尽快处理');
      },
    );
    app.post(
      `${P}/admin/reports`,
      {
        preHandler: admin,
        schema: {
          tags,
          summary: '举报列表',
          querystring: ReportsQuery,
          response: { 200: envelope(ReportPage) },
        },
      },
      async (req) => ok(await moderation.reports(req.query)),
    );
    app.post(
      `${P}/admin/report/handle`,
      {
        preHandler: admin,
        schema: { tags, summary: '处理举报', body: HandleReportRequest, response: { 200: envelope(Empty) } },
      },
      async (req) => {
        await moderation.handle(req.viewer.uuid, req.body);
        return ok(null, '已处理');
      },
    );
    app.post(
      `${P}/admin/mute`,
      {
        preHandler: admin,
        schema: { tags, summary: '禁言用户', body: MuteRequest, response: { 200: envelope(MuteResult) } },
      },
      async (req) => ok(await moderation.mute(req.viewer.uuid, req.body), '已禁言'),
    );
    app.post(
      `${P}/admin/unmute`,
      {
        preHandler: admin,
        schema: { tags, summary: '解除禁言', querystring: UuidQuery, response: { 200: envelope(Empty) } },
      },
      async (req) => {
        await moderation.unmute(req.query.uuid);
        return ok(null, '已解除禁言');
      },
    );
    app.post(
      `${P}/admin/mutes`,
      {
        preHandler: admin,
        schema: {
          tags,
          summary: '禁言中的用户',
          querystring: PageNumQuery,
          response: { 200: envelope(MutePage) },
        },
      },
      async (req) => ok(await moderation.mutes({ pageNum: req.query.pageNum, pageSize: 20 })),
    );
  },
};
