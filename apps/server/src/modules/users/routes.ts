import {
  AdminList,
  AdminRegisterRequest,
  AdminUserPage,
  AdminUserPageRequest,
  AdminUserRow,
  BanRequest,
  TeacherSetRequest,
  CurrentUser,
  Empty,
  envelope,
  PageNumQuery,
  PublicUser,
  Role,
  UserModifyRequest,
  UserSettingsRequest,
  UserPage,
  UserSearchRequest,
  UuidQuery,
} from '@oj/shared';
import { requireRole } from '../../lib/auth';
import { ok } from '../../lib/envelope';
import type { RateLimiter } from '../../lib/rate-limit';
import { parseQueryAndBody } from '../../lib/validate';
import type { KeysService } from '../keys';
import type { App, AppModule } from '../registry';
import { checkNewPassword } from './password';
import { presentAdminRow, presentCurrent, presentPublic, type UserDefaults } from './present';
import type { UsersService } from './service';

/** What the routes use. */
export interface UsersRouteDeps {
  users: UsersService;
  /** The user search is rate limited. */
  limiter: Pick<RateLimiter, 'check'>;
  /** Passwords arrive encrypted with the site's key. */
  keys: Pick<KeysService, 'decryptPassword'>;
  /** Pictures shown when a user has not chosen any. */
  defaults: UserDefaults;
}

/** Profiles, user search and cards, and the admin / boss user management calls (SPEC §7 Users). */
export const usersModule: AppModule<UsersRouteDeps> = {
  name: 'users',
  async routes(app, defaults) {
    registerProfileRoutes(app, defaults);
    registerManagementRoutes(app, defaults);
  },
};

/** The caller's profile, user search and user cards. */
function registerProfileRoutes(app: App, { users, limiter, defaults }: UsersRouteDeps): void {
  const user = [requireRole(Role.User)];

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
      ok(presentCurrent(await users.modify(req.viewer, req.body), defaults), '恭喜，你已经成功修改你的信息'),
  );

  app.post(
    '/api/user/settings',
    {
      preHandler: user,
      schema: {
        tags: ['users'],
        summary: '修改网站设置（隐藏算法标签、在个人主页展示我的班级）',
        body: UserSettingsRequest,
        response: { 200: envelope(CurrentUser) },
      },
    },
    async (req) => ok(presentCurrent(await users.settings(req.viewer, req.body), defaults), '设置已保存'),
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
      await limiter.check('search', req.ip);
      const q = parseQueryAndBody(UserSearchRequest, req);
      const page = await users.search(q, q.keyword);
      return ok({ ...page, records: page.records.map((u) => presentPublic(u, defaults)) });
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
    async (req) => ok(presentPublic(await users.card(req.viewer, req.query.uuid), defaults)),
  );
}

/** Admin and boss user management: bans, the user list, admins. */
function registerManagementRoutes(app: App, { users, keys, defaults }: UsersRouteDeps): void {
  const admin = [requireRole(Role.Admin)];
  const boss = [requireRole(Role.Admin, { boss: true })];

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
      await users.ban(req.viewer, req.body);
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
      await users.unban(req.viewer, req.query.uuid);
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
      const page = await users.adminPage(req.viewer, { pageNum: req.query.pageNum, pageSize: 10 }, {});
      return ok({ ...page, records: page.records.map((u) => presentAdminRow(u, defaults)) });
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
      const page = await users.adminPage(req.viewer, q, { keyword: q.keyword, role: q.role });
      return ok({ ...page, records: page.records.map((u) => presentAdminRow(u, defaults)) });
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
      const password = keys.decryptPassword(req.body.password, 'password');
      checkNewPassword(password, keys.decryptPassword(req.body.check_password, 'check_password'));
      return ok(
        presentAdminRow(await users.addAdmin(req.viewer, req.body, password), defaults),
        '管理员已创建',
      );
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
      await users.setAdmin(req.viewer, req.query.uuid);
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
      await users.revokeAdmin(req.viewer, req.query.uuid);
      return ok(null, '已撤销管理员');
    },
  );
  app.post(
    '/api/user/BOSS/get',
    {
      preHandler: boss,
      schema: { tags: ['boss'], summary: '管理员列表', response: { 200: envelope(AdminList) } },
    },
    async (req) => ok((await users.admins(req.viewer)).map((u) => presentAdminRow(u, defaults))),
  );

  // ---------------------------------------------------------------- teachers (classes, issue 27)
  app.post(
    '/api/user/admin/teacher',
    {
      preHandler: admin,
      schema: {
        tags: ['admin'],
        summary: '设为教师或取消教师（教师可以创建班级）',
        body: TeacherSetRequest,
        response: { 200: envelope(Empty) },
      },
    },
    async (req) => {
      await users.setTeacher(req.viewer, req.body.uuid, req.body.teacher);
      return ok(null, req.body.teacher ? '已设为教师' : '已取消教师');
    },
  );
}
