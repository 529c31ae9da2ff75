import {
  AdminClassList,
  ClassAnnouncementIdRequest,
  ClassAnnouncementInput,
  ClassAnnouncementList,
  ClassArchiveRequest,
  ClassBulkRequest,
  ClassCreated,
  ClassDecideRequest,
  ClassIdQuery,
  ClassInput,
  ClassInviteCode,
  ClassJoined,
  ClassJoinRequest,
  ClassList,
  ClassMemberList,
  ClassMemberRequest,
  ClassMemberRoleRequest,
  ClassModifyRequest,
  ClassPendingList,
  ClassSheetRows,
  ClassSummary,
  Empty,
  envelope,
  HomeworkCreated,
  HomeworkDetail,
  HomeworkIdQuery,
  HomeworkInsight,
  HomeworkInput,
  HomeworkList,
  HomeworkMatrix,
  HomeworkModifyRequest,
  Role,
  StudentInsight,
  StudentInsightQuery,
} from '@oj/shared';
import type { z } from 'zod';
import { requireRole, type Viewer } from '../../lib/auth';
import { ok } from '../../lib/envelope';
import { readSingleUpload } from '../../lib/upload';
import { type App, type AppModule, readRoute } from '../registry';
import { registerClassProblemRoutes } from './class-problem-routes';
import type { ClassesService } from './service';

/** What the routes use. */
export interface ClassesRouteDeps {
  classes: ClassesService;
}

const P = '/api/class';
const tags = ['classes'];

/**
 * Classes (issue 27 part 1; docs/classes.md). Every route needs a login; the service decides per
 * class (access.ts): outsiders are refused every read of a class (403), members read, the teacher
 * and TAs manage, the teacher owns, administrators do everything.
 */
export const classesModule: AppModule<ClassesRouteDeps> = {
  name: 'classes',
  async routes(app, { classes }) {
    registerClassRoutes(app, classes);
    registerMemberRoutes(app, classes);
    registerHomeworkRoutes(app, classes);
    registerClassProblemRoutes(app, classes);
  },
};

/** A write that answers only the envelope: its message says what was done. */
function action<B extends z.ZodTypeAny>(
  app: App,
  url: string,
  summary: string,
  body: B,
  run: (viewer: Viewer, b: z.infer<B>) => Promise<string>,
): void {
  app.post(
    `${P}${url}`,
    {
      preHandler: [requireRole(Role.User)],
      schema: { tags, summary, body, response: { 200: envelope(Empty) } },
    },
    async (req) => ok(null, await run(req.viewer, req.body as z.infer<B>)),
  );
}

function registerClassRoutes(app: App, classes: ClassesService): void {
  const preHandler = [requireRole(Role.User)];
  app.post(
    `${P}/create`,
    {
      preHandler,
      schema: {
        tags,
        summary: '创建班级（教师或管理员）',
        body: ClassInput,
        response: { 200: envelope(ClassCreated) },
      },
    },
    async (req) => ok({ class_id: await classes.create(req.viewer, req.body) }, '班级已创建'),
  );
  action(app, '/modify', '修改班级设置（班级教师）', ClassModifyRequest, async (v, b) => {
    await classes.modify(v, b);
    return '班级设置已保存';
  });
  readRoute(app, `${P}/mine`, { tags, summary: '我的班级', reply: ClassList, preHandler }, (req) =>
    classes.mine(req.viewer),
  );
  readRoute(
    app,
    `${P}/detail`,
    { tags, summary: '班级详情（仅班级成员）', query: ClassIdQuery, reply: ClassSummary, preHandler },
    (req) => classes.detail(req.viewer, req.query.class_id),
  );
  readRoute(
    app,
    `${P}/admin/list`,
    {
      tags: ['admin'],
      summary: '全部班级（管理员）',
      reply: AdminClassList,
      preHandler: [requireRole(Role.Admin)],
    },
    (req) => classes.adminList(req.viewer),
  );
  app.post(
    `${P}/invite/regenerate`,
    {
      preHandler,
      schema: {
        tags,
        summary: '重新生成邀请码（旧邀请码立即失效）',
        body: ClassIdQuery,
        response: { 200: envelope(ClassInviteCode) },
      },
    },
    async (req) =>
      ok({ invite_code: await classes.regenerateCode(req.viewer, req.body.class_id) }, '邀请码已更新'),
  );
  action(app, '/archive', '归档或取消归档班级', ClassArchiveRequest, async (v, b) => {
    await classes.archive(v, b.class_id, b.archived);
    return b.archived ? '班级已归档' : '班级已取消归档';
  });
  action(app, '/delete', '删除班级（成员、申请、公告一并删除）', ClassIdQuery, async (v, b) => {
    await classes.remove(v, b.class_id);
    return '班级已删除';
  });
  app.post(
    `${P}/accounts/sheet`,
    {
      config: { multipart: true },
      preHandler,
      schema: {
        tags,
        summary: '读取学生名单表格（.xlsx：姓名、学号两列），只读取不创建',
        querystring: ClassIdQuery,
        response: { 200: envelope(ClassSheetRows) },
      },
    },
    async (req) => {
      const { bytes } = await readSingleUpload(req, { maxBytes: 2 * 1024 * 1024, what: '名单表格' });
      const rows = await classes.readSheet(req.viewer, req.query.class_id, bytes);
      return ok(rows, `已读取 ${rows.length} 行`);
    },
  );
  app.post(
    `${P}/accounts/bulk`,
    {
      preHandler,
      schema: {
        tags,
        summary: '批量创建学生账号并加入班级（答复 .xlsx：姓名、学号、账号、初始密码）',
        body: ClassBulkRequest,
      },
    },
    async (req, reply) => {
      const made = await classes.bulkAccounts(req.viewer, req.body);
      const body = await classes.workbook(made.className, made.accounts);
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header(
          'content-disposition',
          `attachment; filename="class-${req.body.class_id}-accounts.xlsx"; filename*=UTF-8''${encodeURIComponent('学生账号.xlsx')}`,
        )
        .send(body);
    },
  );
}

function registerMemberRoutes(app: App, classes: ClassesService): void {
  const preHandler = [requireRole(Role.User)];
  app.post(
    `${P}/join`,
    {
      preHandler,
      schema: {
        tags,
        summary: '凭邀请码加入班级（需要审核的班级提交申请）',
        body: ClassJoinRequest,
        response: { 200: envelope(ClassJoined) },
      },
    },
    async (req) => {
      const joined = await classes.join(req.viewer, req.body.code);
      return ok(
        joined,
        joined.state === 'joined' ? `已加入班级「${joined.name}」` : '申请已提交，等待教师或助教审核',
      );
    },
  );
  readRoute(
    app,
    `${P}/members`,
    { tags, summary: '班级成员（仅班级成员）', query: ClassIdQuery, reply: ClassMemberList, preHandler },
    (req) => classes.members(req.viewer, req.query.class_id),
  );
  readRoute(
    app,
    `${P}/requests`,
    {
      tags,
      summary: '待审核的加入申请（教师、助教）',
      query: ClassIdQuery,
      reply: ClassPendingList,
      preHandler,
    },
    (req) => classes.requests(req.viewer, req.query.class_id),
  );
  readRoute(
    app,
    `${P}/announcements`,
    {
      tags,
      summary: '班级公告（仅班级成员）',
      query: ClassIdQuery,
      reply: ClassAnnouncementList,
      preHandler,
    },
    (req) => classes.announcements(req.viewer, req.query.class_id),
  );
  action(app, '/request/decide', '通过或拒绝加入申请（教师、助教）', ClassDecideRequest, async (v, b) => {
    await classes.decide(v, b);
    return b.approve ? '已通过申请' : '已拒绝申请';
  });
  action(app, '/member/role', '设为助教或学生（班级教师）', ClassMemberRoleRequest, async (v, b) => {
    await classes.setRole(v, b);
    return b.role === 'ta' ? '已设为助教' : '已设为学生';
  });
  action(app, '/member/remove', '移除班级成员', ClassMemberRequest, async (v, b) => {
    await classes.removeMember(v, b.class_id, b.user_id);
    return '已移除成员';
  });
  action(app, '/announcement/add', '发布班级公告（教师、助教）', ClassAnnouncementInput, async (v, b) => {
    await classes.announce(v, b.class_id, b.content);
    return '公告已发布';
  });
  action(
    app,
    '/announcement/delete',
    '删除班级公告（教师、助教）',
    ClassAnnouncementIdRequest,
    async (v, b) => {
      await classes.deleteAnnouncement(v, b.class_id, b.announcement_id);
      return '公告已删除';
    },
  );
}

function registerHomeworkRoutes(app: App, classes: ClassesService): void {
  const preHandler = [requireRole(Role.User)];
  const hw = classes.homework;
  app.post(
    `${P}/homework/create`,
    {
      preHandler,
      schema: {
        tags,
        summary: '布置作业（所选每个班级的教师或助教）',
        body: HomeworkInput,
        response: { 200: envelope(HomeworkCreated) },
      },
    },
    async (req) => ok({ homework_id: await hw.create(req.viewer, req.body) }, '作业已发布'),
  );
  action(
    app,
    '/homework/modify',
    '修改作业（作业所属班级的教师、助教）',
    HomeworkModifyRequest,
    async (v, b) => {
      await hw.modify(v, b);
      return '作业已保存';
    },
  );
  action(app, '/homework/delete', '删除作业（作业所属班级的教师、助教）', HomeworkIdQuery, async (v, b) => {
    await hw.remove(v, b.homework_id);
    return '作业已删除';
  });
  readRoute(
    app,
    `${P}/homework/list`,
    { tags, summary: '班级的作业（仅班级成员）', query: ClassIdQuery, reply: HomeworkList, preHandler },
    (req) => hw.ofClass(req.viewer, req.query.class_id),
  );
  readRoute(
    app,
    `${P}/homework/mine`,
    { tags, summary: '我的作业', reply: HomeworkList, preHandler },
    (req) => hw.mine(req.viewer),
  );
  readRoute(
    app,
    `${P}/homework/detail`,
    { tags, summary: '作业详情与我的进度', query: HomeworkIdQuery, reply: HomeworkDetail, preHandler },
    (req) => hw.detail(req.viewer, req.query.homework_id),
  );
  readRoute(
    app,
    `${P}/homework/matrix`,
    {
      tags,
      summary: '作业完成情况（教师、助教）',
      query: HomeworkIdQuery,
      reply: HomeworkMatrix,
      preHandler,
    },
    (req) => hw.matrix(req.viewer, req.query.homework_id),
  );
  readRoute(
    app,
    `${P}/homework/insight`,
    {
      tags,
      summary: '作业学情分析（教师、助教）',
      query: HomeworkIdQuery,
      reply: HomeworkInsight,
      preHandler,
    },
    (req) => hw.insight(req.viewer, req.query.homework_id),
  );
  readRoute(
    app,
    `${P}/student-insight`,
    {
      tags,
      summary: '班级成员的学情（教师、助教；学生仅本人）',
      query: StudentInsightQuery,
      reply: StudentInsight,
      preHandler,
    },
    (req) => classes.studentInsight(req.viewer, req.query.class_id, req.query.uuid),
  );
  app.get(
    `${P}/homework/export`,
    {
      preHandler,
      schema: { tags, summary: '导出作业完成情况（.xlsx，教师、助教）', querystring: HomeworkIdQuery },
    },
    async (req, reply) => {
      const m = await hw.matrix(req.viewer, req.query.homework_id);
      const body = await hw.workbook(m);
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header(
          'content-disposition',
          `attachment; filename="homework-${m.homework_id}.xlsx"; filename*=UTF-8''${encodeURIComponent('作业完成情况.xlsx')}`,
        )
        .send(body);
    },
  );
}
