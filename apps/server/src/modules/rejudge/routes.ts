import {
  Empty,
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
import { type AppModule, readRoute, writeRoute } from '../registry';
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

    writeRoute(
      app,
      `${P}/create`,
      {
        tags,
        summary: '新建重测集：重新评测一个提交、一道题或整场比赛的提交（不改动原结果）',
        body: RejudgeCreateRequest,
        reply: RejudgeCreated,
        preHandler,
        message: '重测集已创建，正在评测',
      },
      async (req) => rejudge.create(req.viewer, req.body),
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

    writeRoute(
      app,
      `${P}/apply`,
      {
        tags,
        summary: '应用重测集：写入新结果，更新榜单、积分并通知用户',
        query: RejudgeSetQuery,
        reply: RejudgeApplied,
        preHandler,
        message: (done) => `已应用：${done.changed} 个提交的结果有变化`,
      },
      async (req) => rejudge.apply(req.viewer, req.query.set_id),
    );

    writeRoute(
      app,
      `${P}/cancel`,
      {
        tags,
        summary: '取消重测集：丢弃新结果，原结果不变',
        query: RejudgeSetQuery,
        reply: Empty,
        preHandler,
        message: '重测集已取消',
      },
      async (req) => {
        await rejudge.cancel(req.viewer, req.query.set_id);
        return null;
      },
    );
  },
};
