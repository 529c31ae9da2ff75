import {
  Empty,
  envelope,
  RejudgeApplied,
  RejudgeContestQuery,
  RejudgeCreated,
  RejudgeCreateRequest,
  RejudgeSetDetail,
  RejudgeSetQuery,
  RejudgeSetSummary,
  Role,
} from '@oj/shared';
import { z } from 'zod';
import { requireRole } from '../../lib/auth';
import { ok } from '../../lib/envelope';
import { type AppModule, readRoute } from '../registry';
import type { RejudgeService } from './service';

/** What the routes use. */
export interface RejudgeRouteDeps {
  rejudge: RejudgeService;
}

const P = '/api/rejudge';
const tags = ['competitions'];

/**
 * Rejudge sets: signed-in users reach the routes, the service lets through admins and the author
 * of a user-created contest for their own contest (everyone else 403).
 */
export const rejudgeModule: AppModule<RejudgeRouteDeps> = {
  name: 'rejudge',
  async routes(app, { rejudge }) {
    const preHandler = [requireRole(Role.User)];

    app.post(
      `${P}/create`,
      {
        preHandler,
        schema: {
          tags,
          summary: '新建重测集：重新评测一个提交、一道题或整场比赛的提交（不改动原结果）',
          body: RejudgeCreateRequest,
          response: { 200: envelope(RejudgeCreated) },
        },
      },
      async (req) => ok(await rejudge.create(req.viewer, req.body), '重测集已创建，正在评测'),
    );

    readRoute(
      app,
      `${P}/list`,
      {
        tags,
        summary: '比赛的重测集（新的在前）',
        query: RejudgeContestQuery,
        reply: z.array(RejudgeSetSummary),
        preHandler,
      },
      async (req) => rejudge.list(req.viewer, req.query.competition_id),
    );

    readRoute(
      app,
      `${P}/detail`,
      {
        tags,
        summary: '重测集详情：新旧结果对照与榜单变化',
        query: RejudgeSetQuery,
        reply: RejudgeSetDetail,
        preHandler,
      },
      async (req) => rejudge.detail(req.viewer, req.query.set_id),
    );

    app.post(
      `${P}/apply`,
      {
        preHandler,
        schema: {
          tags,
          summary: '应用重测集：写入新结果，更新榜单、积分并通知用户',
          querystring: RejudgeSetQuery,
          response: { 200: envelope(RejudgeApplied) },
        },
      },
      async (req) => {
        const done = await rejudge.apply(req.viewer, req.query.set_id);
        return ok(done, `已应用：${done.changed} 个提交的结果有变化`);
      },
    );

    app.post(
      `${P}/cancel`,
      {
        preHandler,
        schema: {
          tags,
          summary: '取消重测集：丢弃新结果，原结果不变',
          querystring: RejudgeSetQuery,
          response: { 200: envelope(Empty) },
        },
      },
      async (req) => {
        await rejudge.cancel(req.viewer, req.query.set_id);
        return ok(null, '重测集已取消');
      },
    );
  },
};
