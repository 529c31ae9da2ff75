import {
  envelope,
  Math408AnswerRequest,
  Math408Page,
  Math408Query,
  Math408QuestionView,
  Math408Record,
  Math408RecordPage,
  Math408RecordsQuery,
  math408TagIndex,
  MATH408_TAGS,
  QuestionIdQuery,
  Role,
  TagsList,
  TagsPlusCategory,
} from '@oj/shared';
import { requireRole } from '../../lib/auth';
import { BODY_LIMITS } from '../../lib/body-limits';
import { ok } from '../../lib/envelope';
import type { RateLimiter } from '../../lib/rate-limit';
import { parseQueryAndBody } from '../../lib/validate';
import { type App, type AppModule, readRoute } from '../registry';
import { registerMath408AdminRoutes } from './admin-routes';
import { registerMath408PracticeRoutes } from './practice-routes';
import type { Math408Service } from './service';

const P = '/api/problem/math408';
const TAGS = MATH408_TAGS.map((t) => ({ tag_id: t.tag_id, tag_name: t.tag_name, category: t.category }));
const GROUPED = math408TagIndex.grouped().map((g) => ({
  category_id: g.category_id,
  category_name: g.category_name,
  tags: g.tags.map((t) => ({ tag_id: t.tag_id, tag_name: t.tag_name, category: t.category })),
}));

/** What the routes use. */
export interface Math408RouteDeps {
  math408: Math408Service;
  limiter: RateLimiter;
}

/** The math / 408 bank: tags, search, a question, answering and the caller's records. */
export const math408Module: AppModule<Math408RouteDeps> = {
  name: 'math408',
  async routes(app, { math408, limiter }) {
    registerMath408Routes(app, math408, limiter);
    registerMath408AdminRoutes(app, math408.admin);
    registerMath408PracticeRoutes(app, math408, limiter);
  },
};

function registerMath408Routes(app: App, math408: Math408Service, limiter: RateLimiter): void {
  const user = [requireRole(Role.User)];
  const tags = ['math408'];

  app.get(
    `${P}/get/tags`,
    { schema: { tags, summary: '数学/408 标签', response: { 200: envelope(TagsList) } } },
    async () => ok(TAGS),
  );
  app.get(
    `${P}/get/tagsPlusCategory`,
    { schema: { tags, summary: '按科目分组的数学/408 标签', response: { 200: envelope(TagsPlusCategory) } } },
    async () => ok(GROUPED),
  );

  app.post(
    `${P}/search`,
    { schema: { tags, summary: '数学/408 题库搜索', response: { 200: envelope(Math408Page) } } },
    async (req) => ok(await math408.search(req.viewer, parseQueryAndBody(Math408Query, req))),
  );

  readRoute(
    app,
    `${P}/search/questionId`,
    {
      tags,
      summary: '数学/408 题目（作答后才显示答案与解析）',
      query: QuestionIdQuery,
      reply: Math408QuestionView,
    },
    async (req) => math408.get(req.viewer, req.query.question_id),
  );

  app.post(
    `${P}/answer`,
    {
      preHandler: user,
      bodyLimit: BODY_LIMITS.source,
      schema: {
        tags,
        summary: '作答（选择题立即判分；编程题进入评测）',
        body: Math408AnswerRequest,
        response: { 200: envelope(Math408Record) },
      },
    },
    async (req) => {
      await limiter.check('submit', String(req.viewer.uuid));
      return ok(await math408.answer(req.viewer, req.body), '已提交');
    },
  );

  app.post(
    `${P}/records`,
    {
      preHandler: user,
      schema: {
        tags,
        summary: '我的数学/408 作答记录',
        querystring: Math408RecordsQuery,
        response: { 200: envelope(Math408RecordPage) },
      },
    },
    async (req) => ok(await math408.records(req.viewer, req.query)),
  );
}
