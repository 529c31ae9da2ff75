import {
  AdminList,
  AdminRegisterRequest,
  AdminUserPage,
  AdminUserPageRequest,
  AdminUserRow,
  BanRequest,
  CurrentUser,
  Empty,
  envelope,
  PageNumQuery,
  PublicUser,
  Role,
  UserModifyRequest,
  UserPage,
  UserSearchRequest,
  UuidQuery,
} from '@oj/shared';
import { requireRole } from '../../lib/auth';
import { ok } from '../../lib/envelope';
import { parseQueryAndBody } from '../../lib/validate';
import { checkNewPassword } from './password';
import { presentAdminRow, presentCurrent, presentPublic } from './present';
import type { AppContext } from '../../context';
import type { App, AppModule } from '../registry';

/** Profiles, user search and cards, and the admin / boss user management calls (SPEC §7 Users). */
export const usersModule: AppModule = {
  name: 'users',
  async routes(app, ctx) {
    registerProfileRoutes(app, ctx);
    registerManagementRoutes(app, ctx);
  },
};

/** The caller's profile, user search and user cards. */
function registerProfileRoutes(app: App, ctx: AppContext): void {
  const user = [requireRole(Role.User)];
  const d = ctx.defaults;

  app.post(
    '/api/user/modify',
    {
      preHandler: user,
      schema: {
        tags: ['users'],
        summary: '修改个人资料（部分字段）',
        body: UserModifyRequest,
        response: { 200: envelope(CurrentUser) },
      },
    },
    async (req) =>
      ok(presentCurrent(await ctx.users.modify(req.viewer, req.body), d), '恭喜，你已经成功修改你的信息'),
  );

  // SPEC sends the search as a body; query parameters are accepted too (DESIGN §5).
  app.post(
    '/api/user/search',
    {
      schema: {
        tags: ['users'],
        summary: '按关键字搜索用户（分页）',
        querystring: UserSearchRequest,
        response: { 200: envelope(UserPage) },
      },
    },
    async (req) => {
      await ctx.limiter.check('search', req.ip);
      const q = parseQueryAndBody(UserSearchRequest, req);
      const page = await ctx.users.search(q, q.keyword);
      return ok({ ...page, records: page.records.map((u) => presentPublic(u, d)) });
    },
  );

  app.post(
    '/api/user/search/uuid',
    {
      schema: {
        tags: ['users'],
        summary: '用户名片（公开字段；登录的其他用户每天计一次阅读）',
        querystring: UuidQuery,
        response: { 200: envelope(PublicUser) },
      },
    },
    async (req) => ok(presentPublic(await ctx.users.card(req.viewer, req.query.uuid), d)),
  );
}

/** Admin and boss user management: bans, the user list, admins. */
function registerManagementRoutes(app: App, ctx: AppContext): void {
  const admin = [requireRole(Role.Admin)];
  const boss = [requireRole(Role.Admin, { boss: true })];
  const d = ctx.defaults;

  app.post(
    '/api/user/admin/ban',
    {
      preHandler: admin,
      schema: {
        tags: ['admin'],
        summary: '封禁用户（uuid 数组），其会话立即失效',
        body: BanRequest,
        response: { 200: envelope(Empty) },
      },
    },
    async (req) => {
      await ctx.users.ban(req.viewer, req.body);
      return ok(null, '封禁成功');
    },
  );
  app.post(
    '/api/user/admin/cancel',
    {
      preHandler: admin,
      schema: {
        tags: ['admin'],
        summary: '解封用户',
        querystring: UuidQuery,
        response: { 200: envelope(Empty) },
      },
    },
    async (req) => {
      await ctx.users.unban(req.viewer, req.query.uuid);
      return ok(null, '解封成功');
    },
  );
  app.post(
    '/api/user/admin/get',
    {
      preHandler: admin,
      schema: {
        tags: ['admin'],
        summary: '用户列表（每页 10 个）',
        querystring: PageNumQuery,
        response: { 200: envelope(AdminUserPage) },
      },
    },
    async (req) => {
      const page = await ctx.users.adminPage(req.viewer, { pageNum: req.query.pageNum, pageSize: 10 }, {});
      return ok({ ...page, records: page.records.map((u) => presentAdminRow(u, d)) });
    },
  );
  app.post(
    '/api/user/admin/getPage',
    {
      preHandler: admin,
      schema: {
        tags: ['admin'],
        summary: '用户分页列表（关键字、角色筛选）',
        querystring: AdminUserPageRequest,
        response: { 200: envelope(AdminUserPage) },
      },
    },
    async (req) => {
      const q = parseQueryAndBody(AdminUserPageRequest, req);
      const page = await ctx.users.adminPage(req.viewer, q, { keyword: q.keyword, role: q.role });
      return ok({ ...page, records: page.records.map((u) => presentAdminRow(u, d)) });
    },
  );

  // ---------------------------------------------------------------- boss
  app.post(
    '/api/user/BOSS/add',
    {
      preHandler: boss,
      schema: {
        tags: ['boss'],
        summary: '创建管理员账号',
        body: AdminRegisterRequest,
        response: { 200: envelope(AdminUserRow) },
      },
    },
    async (req) => {
      const password = ctx.keys.decryptPassword(req.body.password, 'password');
      checkNewPassword(password, ctx.keys.decryptPassword(req.body.check_password, 'check_password'));
      return ok(presentAdminRow(await ctx.users.addAdmin(req.viewer, req.body, password), d), '管理员已创建');
    },
  );
  app.post(
    '/api/user/BOSS/set',
    {
      preHandler: boss,
      schema: {
        tags: ['boss'],
        summary: '设为管理员',
        querystring: UuidQuery,
        response: { 200: envelope(Empty) },
      },
    },
    async (req) => {
      await ctx.users.setAdmin(req.viewer, req.query.uuid);
      return ok(null, '已设为管理员');
    },
  );
  app.post(
    '/api/user/BOSS/cancel',
    {
      preHandler: boss,
      schema: {
        tags: ['boss'],
        summary: '撤销管理员',
        querystring: UuidQuery,
        response: { 200: envelope(Empty) },
      },
    },
    async (req) => {
      await ctx.users.revokeAdmin(req.viewer, req.query.uuid);
      return ok(null, '已撤销管理员');
    },
  );
  app.post(
    '/api/user/BOSS/get',
    {
      preHandler: boss,
      schema: { tags: ['boss'], summary: '管理员列表', response: { 200: envelope(AdminList) } },
    },
    async (req) => ok((await ctx.users.admins(req.viewer)).map((u) => presentAdminRow(u, d))),
  );
}
