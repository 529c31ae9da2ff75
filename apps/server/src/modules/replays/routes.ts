import {
  envelope,
  ReplayDetail,
  ReplayLink,
  ReplayListQuery,
  ReplayPage,
  ReplayQuery,
  ReplayShareRequest,
  Role,
  SubmissionIdQuery,
} from '@oj/shared';
import { z } from 'zod';
import { requireRole } from '../../lib/auth';
import { ok } from '../../lib/envelope';
import { type AppModule, readRoute } from '../registry';
import type { ReplaysService } from './service';

const P = '/api/code-replay';

/** What the routes use. */
export interface ReplaysRouteDeps {
  replays: ReplaysService;
}

/** /code-replay: my replays, one replay to play, the record page's link, the owner's share switch. */
export const replaysModule: AppModule<ReplaysRouteDeps> = {
  name: 'replays',
  async routes(app, { replays }) {
    const user = [requireRole(Role.User)];
    const tags = ['code-replay'];

    app.post(
      `${P}/mine`,
      {
        preHandler: user,
        schema: {
          tags,
          summary: '我的代码回放（新的在前）',
          querystring: ReplayListQuery,
          response: { 200: envelope(ReplayPage) },
        },
      },
      async (req) => ok(await replays.listMine(req.viewer, req.query)),
    );
    readRoute(
      app,
      `${P}/get`,
      {
        tags,
        summary: '播放一个代码回放（作者、管理员，或作者已分享）',
        query: ReplayQuery,
        reply: ReplayDetail,
      },
      async (req) => replays.detail(req.viewer, req.query),
    );
    app.post(
      `${P}/link`,
      {
        schema: {
          tags,
          summary: '提交记录对应的代码回放（没有或不可见时为 null）',
          querystring: SubmissionIdQuery,
          response: { 200: envelope(ReplayLink) },
        },
      },
      async (req) => ok(await replays.linkOf(req.viewer, req.query.submission_id)),
    );
    app.post(
      `${P}/share`,
      {
        preHandler: user,
        schema: {
          tags,
          summary: '设置是否分享（仅作者）',
          body: ReplayShareRequest,
          response: { 200: envelope(z.null()) },
        },
      },
      async (req) => {
        await replays.share(req.viewer, req.body.id, req.body.shared);
        return ok(null, req.body.shared ? '已分享' : '已取消分享');
      },
    );
  },
};
