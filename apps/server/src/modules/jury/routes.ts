import {
  Empty,
  envelope,
  JuryPage,
  JuryRunsQueued,
  JurySolutionAdded,
  JurySolutionIdQuery,
  JurySolutionInput,
  JurySolutionModify,
  ProblemIdQuery,
  Role,
  ValidatorChecked,
  ValidatorInput,
} from '@oj/shared';
import { requireRole, type Viewer } from '../../lib/auth';
import { ok } from '../../lib/envelope';
import { notFound } from '../../lib/errors';
import type { ProblemsService } from '../problems';
import { type AppModule, readRoute } from '../registry';
import type { JuryService } from './service';

/** What the routes use. */
export interface JuryRouteDeps {
  jury: JuryService;
  /** Who may edit the problem (administrators, the teacher who wrote a class problem: issue 27). */
  problems: Pick<ProblemsService, 'requireEditable'>;
}

const P = '/api/problem/algorithm/admin/jury';
const tags = ['problems'];

/**
 * 题目验证 (issue 24 item 5): jury solutions, their runs, the validator. Every route is for whoever
 * may edit the problem: administrators, and the teacher who wrote a class problem (issue 27 part 3);
 * the guard asks for a login, each handler for the problem's `problem.edit`.
 */
export const juryModule: AppModule<JuryRouteDeps> = {
  name: 'jury',
  async routes(app, { jury, problems }) {
    const preHandler = [requireRole(Role.User)];
    const editable = (viewer: Viewer, problemId: number) => problems.requireEditable(viewer, problemId);
    /** A solution's problem, checked like the problem's own routes (404 when there is no such solution). */
    const solutionEditable = async (viewer: Viewer, solutionId: number) => {
      const problemId = await jury.problemOf(solutionId);
      if (problemId === undefined) throw notFound(`解法 ${solutionId} 不存在`);
      await editable(viewer, problemId);
    };

    readRoute(
      app,
      `${P}/list`,
      {
        tags,
        summary: '题目验证：解法、评测结果、输入校验器与结论（管理员、班级题目的作者）',
        query: ProblemIdQuery,
        reply: JuryPage,
        preHandler,
      },
      async (req) => {
        await editable(req.viewer, req.query.problem_id);
        return jury.page(req.query.problem_id);
      },
    );

    app.post(
      `${P}/add`,
      {
        preHandler,
        schema: {
          tags,
          summary: '添加解法并评测（管理员、班级题目的作者）',
          querystring: ProblemIdQuery,
          body: JurySolutionInput,
          response: { 200: envelope(JurySolutionAdded) },
        },
      },
      async (req) => {
        await editable(req.viewer, req.query.problem_id);
        return ok({ solution_id: await jury.add(req.query.problem_id, req.body) }, '解法已添加，正在评测');
      },
    );

    app.post(
      `${P}/modify`,
      {
        preHandler,
        schema: {
          tags,
          summary: '修改解法并重新评测（管理员、班级题目的作者）',
          body: JurySolutionModify,
          response: { 200: envelope(Empty) },
        },
      },
      async (req) => {
        await solutionEditable(req.viewer, req.body.solution_id);
        await jury.modify(req.body);
        return ok(null, '解法已保存，正在重新评测');
      },
    );

    app.post(
      `${P}/delete`,
      {
        preHandler,
        schema: {
          tags,
          summary: '删除解法（管理员、班级题目的作者）',
          querystring: JurySolutionIdQuery,
          response: { 200: envelope(Empty) },
        },
      },
      async (req) => {
        await solutionEditable(req.viewer, req.query.solution_id);
        await jury.remove(req.query.solution_id);
        return ok(null, '解法已删除');
      },
    );

    app.post(
      `${P}/run`,
      {
        preHandler,
        schema: {
          tags,
          summary: '重新评测全部解法（管理员、班级题目的作者）',
          querystring: ProblemIdQuery,
          response: { 200: envelope(JuryRunsQueued) },
        },
      },
      async (req) => {
        await editable(req.viewer, req.query.problem_id);
        const count = await jury.runAll(req.query.problem_id);
        return ok({ count }, `已加入评测队列：${count} 个解法`);
      },
    );

    app.post(
      `${P}/runOne`,
      {
        preHandler,
        schema: {
          tags,
          summary: '重新评测一个解法（管理员、班级题目的作者）',
          querystring: JurySolutionIdQuery,
          response: { 200: envelope(JuryRunsQueued) },
        },
      },
      async (req) => {
        await solutionEditable(req.viewer, req.query.solution_id);
        const count = await jury.runOne(req.query.solution_id);
        return ok({ count }, '已加入评测队列');
      },
    );

    app.post(
      `${P}/validator/set`,
      {
        preHandler,
        schema: {
          tags,
          summary:
            '设置输入校验器（testlib registerValidation，C++；编译并检查现有测试数据，管理员、班级题目的作者）',
          querystring: ProblemIdQuery,
          body: ValidatorInput,
          response: { 200: envelope(ValidatorChecked) },
        },
      },
      async (req) => {
        await editable(req.viewer, req.query.problem_id);
        const r = await jury.setValidator(req.query.problem_id, req.body);
        return ok(
          r,
          r.invalid.length
            ? `输入校验器已保存；现有测试数据中有 ${r.invalid.length} 组未通过校验`
            : `输入校验器已保存；现有 ${r.checked} 组测试数据均通过校验`,
        );
      },
    );

    app.post(
      `${P}/validator/delete`,
      {
        preHandler,
        schema: {
          tags,
          summary: '移除输入校验器（管理员、班级题目的作者）',
          querystring: ProblemIdQuery,
          response: { 200: envelope(Empty) },
        },
      },
      async (req) => {
        await editable(req.viewer, req.query.problem_id);
        await jury.removeValidator(req.query.problem_id);
        return ok(null, '输入校验器已移除');
      },
    );
  },
};
