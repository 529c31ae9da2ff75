import {
  Empty,
  envelope,
  Math408AdminPage,
  Math408AdminQuery,
  Math408QuestionAdded,
  Math408QuestionAdmin,
  Math408QuestionInput,
  Math408QuestionModify,
  QuestionIdQuery,
  Role,
} from '@oj/shared';
import type { FastifyRequest } from 'fastify';
import { requireRole } from '../../lib/auth';
import { BODY_LIMITS } from '../../lib/body-limits';
import { ok } from '../../lib/envelope';
import { forbidden } from '../../lib/errors';
import { can } from '../../lib/permissions';
import { parseQueryAndBody } from '../../lib/validate';
import { type App, readRoute } from '../registry';
import type { Math408Admin } from './service';

const P = '/api/problem/math408/admin';

/** Logged in (not banned), then the one permission rule for managing the banks. */
const manage = [
  requireRole(Role.User),
  async (req: FastifyRequest) => {
    if (!can(req.viewer, { action: 'problem.manage' }))
      throw forbidden('需要管理员权限才能管理数学/408 题目');
  },
];

/**
 * Managing the math / 408 bank, named like the algorithm bank's admin calls (SPEC §7 Problems):
 * `admin/add`, `admin/modify`, `admin/delete?question_id=`, `admin/search` (hidden ones too) and
 * `admin/search/questionId` (the editor's full view, test data included).
 */
export function registerMath408AdminRoutes(app: App, admin: Math408Admin): void {
  const tags = ['math408'];
  // Programming questions carry their test data in the body, like `admin/testCase/add`.
  const bodyLimit = BODY_LIMITS.jsonTests;

  app.post(
    `${P}/add`,
    {
      preHandler: manage,
      bodyLimit,
      schema: {
        tags,
        summary: '新增数学/408 题目（管理员）',
        body: Math408QuestionInput,
        response: { 200: envelope(Math408QuestionAdded) },
      },
    },
    async (req) => ok({ question_id: await admin.add(req.body) }, '题目已创建'),
  );

  app.post(
    `${P}/modify`,
    {
      preHandler: manage,
      bodyLimit,
      schema: {
        tags,
        summary: '修改数学/408 题目（管理员；题型不可修改，省略 programming.tests 则保留测试数据）',
        body: Math408QuestionModify,
        response: { 200: envelope(Empty) },
      },
    },
    async (req) => {
      await admin.modify(req.body);
      return ok(null, '题目已保存');
    },
  );

  app.post(
    `${P}/delete`,
    {
      preHandler: manage,
      schema: {
        tags,
        summary: '删除数学/408 题目（管理员；作答记录保留）',
        querystring: QuestionIdQuery,
        response: { 200: envelope(Empty) },
      },
    },
    async (req) => {
      await admin.remove(req.query.question_id);
      return ok(null, '题目已删除');
    },
  );

  app.post(
    `${P}/search`,
    {
      preHandler: manage,
      schema: {
        tags,
        summary: '数学/408 题目管理列表（含隐藏题目）',
        response: { 200: envelope(Math408AdminPage) },
      },
    },
    async (req) => ok(await admin.search(parseQueryAndBody(Math408AdminQuery, req))),
  );

  readRoute(
    app,
    `${P}/search/questionId`,
    {
      tags,
      summary: '数学/408 题目完整信息（管理员编辑用）',
      query: QuestionIdQuery,
      reply: Math408QuestionAdmin,
      preHandler: manage,
    },
    async (req) => admin.get(req.query.question_id),
  );
}
