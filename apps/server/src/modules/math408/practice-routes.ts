import {
  envelope,
  Math408ExamDraw,
  Math408ExamPaper,
  Math408ExamResult,
  Math408ExamSubmit,
  Math408Neighbours,
  Math408NeighboursQuery,
  Math408Record,
  Math408SelfMarkRequest,
  Math408Stats,
  Math408WrongList,
  Role,
} from '@oj/shared';
import { requireRole } from '../../lib/auth';
import { BODY_LIMITS } from '../../lib/body-limits';
import { ok } from '../../lib/envelope';
import type { RateLimiter } from '../../lib/rate-limit';
import { type App, readRoute, writeRoute } from '../registry';
import type { Math408Service } from './service';

const P = '/api/problem/math408';

/** Practice on the bank (issue 29): neighbours within a filter, 错题本, statistics, exam mode, self-marks. */
export function registerMath408PracticeRoutes(app: App, math408: Math408Service, limiter: RateLimiter): void {
  const user = [requireRole(Role.User)];
  const tags = ['math408'];
  const practice = math408.practice;

  readRoute(
    app,
    `${P}/search/neighbours`,
    {
      tags,
      summary: '数学/408 题目在题库筛选条件下的上一题与下一题',
      query: Math408NeighboursQuery,
      reply: Math408Neighbours,
    },
    async (req) => practice.neighbours(req.viewer, req.query),
  );
  readRoute(
    app,
    `${P}/wrong`,
    { tags, summary: '我的错题本（最近一次作答错误的题目）', preHandler: user, reply: Math408WrongList },
    async (req) => practice.wrongBook(req.viewer),
  );
  readRoute(
    app,
    `${P}/stats`,
    { tags, summary: '我的数学/408 作答统计', preHandler: user, reply: Math408Stats },
    async (req) => practice.stats(req.viewer),
  );
  writeRoute(
    app,
    `${P}/selfMark`,
    {
      tags,
      summary: '简答题自评（对照参考答案）',
      preHandler: user,
      body: Math408SelfMarkRequest,
      reply: Math408Record,
      message: '已记录自评',
    },
    async (req) => practice.selfMark(req.viewer, req.body),
  );
  writeRoute(
    app,
    `${P}/exam/draw`,
    {
      tags,
      summary: '考试模式：从筛选条件中随机抽题（不含答案）',
      preHandler: user,
      body: Math408ExamDraw,
      reply: Math408ExamPaper,
      message: '已生成试卷',
    },
    async (req) => practice.examDraw(req.viewer, req.body),
  );
  app.post(
    `${P}/exam/submit`,
    {
      preHandler: user,
      bodyLimit: BODY_LIMITS.source,
      schema: {
        tags,
        summary: '考试模式：交卷并判分（每题记为普通作答）',
        body: Math408ExamSubmit,
        response: { 200: envelope(Math408ExamResult) },
      },
    },
    async (req) => {
      // One paper is one try at the limit, however many answers it holds.
      await limiter.check('submit', String(req.viewer.uuid));
      return ok(await practice.examSubmit(req.viewer, req.body), '已交卷');
    },
  );
}
