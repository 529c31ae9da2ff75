import {
  CourseAddRequest,
  CourseAdminView,
  CourseDetail,
  CourseIdQuery,
  CourseJoinRequest,
  CourseJoinResult,
  CoursePageQuery,
  CourseProblemList,
  CourseProblemSetRequest,
  CourseRankPage,
  CourseRankQuery,
  CourseSaved,
  CourseSummaryList,
  CourseSummaryPage,
  CourseUserSetRequest,
  Empty,
  envelope,
  LessonIdQuery,
  PlanIdQuery,
  Role,
  VideoPlay,
} from '@oj/shared';
import { requireRole } from '../../lib/auth';
import { ok } from '../../lib/envelope';
import { type App, type AppModule, readRoute } from '../registry';
import type { CoursesService } from './service';
import { registerVideoRoutes } from './video-routes';

const P = '/api/course';

/** What the routes use (video-routes.ts too). */
export interface CoursesRouteDeps {
  courses: CoursesService;
}

/**
 * Courses (SPEC §7 Courses) and study plans (`/api/study/…`), issue 13. Reads are open to everyone
 * and decide per viewer what content they carry; joining needs a login; management is the admins'.
 * Paying is the payments module's: `course/join` never enrols in a paid course.
 */
export const coursesModule: AppModule<CoursesRouteDeps> = {
  name: 'courses',
  async routes(app, deps) {
    registerReadRoutes(app, deps);
    registerMemberRoutes(app, deps);
    registerAdminRoutes(app, deps);
    registerVideoRoutes(app, deps);
  },
};

function registerReadRoutes(app: App, { courses: svc }: CoursesRouteDeps): void {
  const tags = ['courses'];
  readRoute(
    app,
    `${P}/search/courseId`,
    { tags, summary: '课程详情（非成员只见大纲和试看课时）', query: CourseIdQuery, reply: CourseDetail },
    async (req) => svc.detail(req.viewer, req.query.course_id),
  );
  readRoute(
    app,
    `${P}/search/problems`,
    { tags, summary: '课程题目与我的状态', query: CourseIdQuery, reply: CourseProblemList },
    async (req) => svc.problems(req.viewer, req.query.course_id),
  );
  readRoute(
    app,
    `${P}/search/rank`,
    { tags, summary: '课程排行（按解题数，再按加入时间）', query: CourseRankQuery, reply: CourseRankPage },
    async (req) => svc.rank(req.viewer, req.query),
  );
  readRoute(
    app,
    `${P}/search/pageNum`,
    { tags, summary: '课程列表', query: CoursePageQuery, reply: CourseSummaryPage },
    async (req) => svc.page(req.viewer, req.query),
  );
  readRoute(
    app,
    '/api/study/home',
    { tags, summary: '学习计划与课程（已加入的在前）', reply: CourseSummaryList },
    async (req) => svc.home(req.viewer),
  );
  readRoute(
    app,
    '/api/study/plan',
    { tags, summary: '学习计划详情与进度', query: PlanIdQuery, reply: CourseDetail },
    async (req) => svc.detail(req.viewer, req.query.plan_id),
  );
  readRoute(
    app,
    `${P}/lesson/video`,
    { tags, summary: '课时视频的短期播放地址', query: LessonIdQuery, reply: VideoPlay },
    async (req) => svc.lessonVideo(req.viewer, req.query.lesson_id),
  );
}

function registerMemberRoutes(app: App, { courses: svc }: CoursesRouteDeps): void {
  const tags = ['courses'];
  const user = requireRole(Role.User);
  app.post(
    `${P}/join`,
    {
      preHandler: user,
      schema: {
        tags,
        summary: '加入课程（付费课程返回 need_pay，不会加入）',
        body: CourseJoinRequest,
        response: { 200: envelope(CourseJoinResult) },
      },
    },
    async (req) => ok(await svc.join(req.viewer, req.body.course_id)),
  );
  app.post(
    '/api/study/join',
    {
      preHandler: user,
      schema: {
        tags,
        summary: '加入学习计划',
        querystring: PlanIdQuery,
        response: { 200: envelope(CourseJoinResult) },
      },
    },
    async (req) => ok(await svc.join(req.viewer, req.query.plan_id)),
  );
  readRoute(
    app,
    `${P}/search/mine`,
    { tags, summary: '我加入的学习计划和课程', reply: CourseSummaryList, preHandler: user },
    async (req) => (await svc.home(req.viewer)).filter((c) => c.joined),
  );
}

function registerAdminRoutes(app: App, { courses: svc }: CoursesRouteDeps): void {
  const tags = ['courses'];
  const admin = requireRole(Role.Admin);
  app.post(
    `${P}/admin/add`,
    {
      preHandler: admin,
      schema: {
        tags,
        summary: '新建或修改课程/学习计划（管理员）',
        body: CourseAddRequest,
        response: { 200: envelope(CourseSaved) },
      },
    },
    async (req) => ok(await svc.save(req.body), req.body.course_id ? '已保存' : '已创建'),
  );
  app.post(
    `${P}/admin/delete`,
    {
      preHandler: admin,
      schema: {
        tags,
        summary: '删除课程（管理员）',
        querystring: CourseIdQuery,
        response: { 200: envelope(Empty) },
      },
    },
    async (req) => {
      await svc.remove(req.query.course_id);
      return ok(null, '已删除');
    },
  );
  app.post(
    `${P}/admin/problem/set`,
    {
      preHandler: admin,
      schema: {
        tags,
        summary: '设置课程章节的算法题（管理员）',
        body: CourseProblemSetRequest,
        response: { 200: envelope(Empty) },
      },
    },
    async (req) => {
      await svc.setProblems(req.body);
      return ok(null, '已保存');
    },
  );
  app.post(
    `${P}/admin/user/set`,
    {
      preHandler: admin,
      schema: {
        tags,
        summary: '添加或移除课程成员（管理员）',
        body: CourseUserSetRequest,
        response: { 200: envelope(Empty) },
      },
    },
    async (req) => {
      await svc.setUsers(req.body);
      return ok(null, '已保存');
    },
  );
  readRoute(
    app,
    `${P}/admin/get`,
    {
      tags,
      summary: '课程全部内容与成员（管理员）',
      query: CourseIdQuery,
      reply: CourseAdminView,
      preHandler: admin,
    },
    async (req) => svc.adminView(req.query.course_id),
  );
}
