import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { Role } from '../lib/contract';
import { refreshCurrentUser } from '../stores/user';
import { lazyPage } from '../router/lazyPage';
import { holdBarredPages } from '../router/barredPages';
import RouteError from '../layout/LazyRouteError';

/** Where the user site tells a signed-in non-admin that the management site is not theirs. */
export const ADMIN_DENIED_PATH = '/home?denied=admin';

/**
 * Where the management site sends someone who may not use it (SPEC §6: admin pages need role 2):
 * `admin` a path of this site, `site` a path of the user site (a banned user to /404, a signed-in
 * user without the role to /home, which says why). Null lets the navigation pass.
 */
export function adminGuard(
  user: { uuid: number; role: number; is_boss: boolean; teacher?: boolean },
  wanted: string,
  bossOnly = false,
): { admin: string } | { site: string } | null {
  if (user.uuid === -1 || user.role === Role.NotLogin)
    return { admin: `/login?redirect=${encodeURIComponent(wanted)}` };
  if (user.role === Role.Ban) return { site: '/404' };
  // A teacher (issue 27 part 3) writes its class problems here, and nothing else (the server refuses the rest too).
  if (user.role === Role.User && user.teacher) return isTeacherPath(wanted) ? null : { admin: '/problems' };
  if (user.role !== Role.Admin) return { site: ADMIN_DENIED_PATH };
  if (bossOnly && !user.is_boss) return { admin: '/users' };
  return null;
}

/** The management pages a teacher uses: 题目管理 (its class problems), the editor and 题目验证. */
export const isTeacherPath = (path: string) =>
  /^\/problems(\/(new|\d+\/(edit|verify)))?\/?(\?.*)?$/.test(path);

const wantedPath = (request: Request) => {
  const url = new URL(request.url);
  return url.pathname.replace(/^\/admin/, '') + url.search;
};

/** Before every navigation: the current user from the server, then the admin (or boss) check. */
const guarded =
  (bossOnly = false) =>
  async ({ request }: LoaderFunctionArgs) => {
    const user = await refreshCurrentUser();
    const target = adminGuard(user, wantedPath(request), bossOnly);
    if (!target) return null;
    if ('admin' in target) throw redirect(target.admin);
    // Another site: a full page load, and this navigation never completes.
    window.location.replace(target.site);
    return new Promise<never>(() => undefined);
  };

/** Routes that only redirect still need a component, or the router warns about an empty leaf. */
const Nothing = () => null;

/** Someone the guard sends away from every page of this site (a visitor, a banned user, a student). */
const notStaff = (user: Parameters<typeof adminGuard>[0]) => {
  const target = adminGuard(user, '/');
  return target !== null && ('site' in target || target.admin.startsWith('/login'));
};

// A visitor of /admin/ is sent to /login without downloading the layout and the first page (see
// holdBarredPages).
export const adminRoutes: RouteObject[] = holdBarredPages(
  [
    {
      path: '/login',
      lazy: lazyPage(() => import('./AdminLoginPage')),
      HydrateFallback: () => null,
      ErrorBoundary: RouteError,
    },
    {
      path: '/',
      lazy: lazyPage(() => import('./AdminLayout')),
      loader: guarded(),
      shouldRevalidate: () => true,
      HydrateFallback: () => null,
      ErrorBoundary: RouteError,
      children: [
        { index: true, loader: () => redirect('/users'), Component: Nothing },
        { path: 'users', handle: { title: '用户管理' }, lazy: lazyPage(() => import('./UsersPage')) },
        {
          path: 'competitions',
          handle: { title: '比赛管理' },
          lazy: lazyPage(() => import('./pages/competitions/CompetitionsAdminPage')),
        },
        {
          path: 'posts',
          handle: { title: '帖子管理' },
          lazy: lazyPage(() => import('./pages/posts/PostsAdminPage')),
        },
        {
          path: 'admins',
          handle: { title: '管理员管理' },
          loader: guarded(true),
          lazy: lazyPage(() => import('./AdminsPage')),
        },
        {
          path: 'problems',
          handle: { title: '题目管理' },
          lazy: lazyPage(() => import('./pages/problems/ProblemListPage')),
        },
        {
          path: 'problems/import',
          handle: { title: '导入题目' },
          lazy: lazyPage(() => import('./pages/problem-import/ProblemImportPage')),
        },
        {
          path: 'problems/new',
          handle: { title: '新建题目' },
          lazy: lazyPage(() => import('./pages/problems/ProblemEditPage')),
        },
        {
          path: 'problems/:problemId/edit',
          handle: { title: '编辑题目' },
          lazy: lazyPage(() => import('./pages/problems/ProblemEditPage')),
        },
        {
          path: 'problems/:problemId/verify',
          handle: { title: '题目验证' },
          lazy: lazyPage(() => import('./pages/problem-verify/ProblemVerifyPage')),
        },
        {
          path: 'math408',
          handle: { title: '数学/408 题目' },
          lazy: lazyPage(() => import('./pages/math408/Math408ListPage')),
        },
        {
          path: 'math408/new',
          handle: { title: '新建数学/408 题目' },
          lazy: lazyPage(() => import('./pages/math408/Math408EditPage')),
        },
        {
          path: 'math408/:questionId/edit',
          handle: { title: '编辑数学/408 题目' },
          lazy: lazyPage(() => import('./pages/math408/Math408EditPage')),
        },
        {
          path: 'courses',
          handle: { title: '课程管理' },
          lazy: lazyPage(() => import('./pages/courses/CoursesListPage')),
        },
        {
          path: 'courses/new',
          handle: { title: '新建课程' },
          lazy: lazyPage(() => import('./pages/courses/CourseEditPage')),
        },
        {
          path: 'courses/:courseId/edit',
          handle: { title: '编辑课程' },
          lazy: lazyPage(() => import('./pages/courses/CourseEditPage')),
        },
        {
          path: 'languages',
          handle: { title: '评测语言' },
          lazy: lazyPage(() => import('./pages/languages/LanguagesPage')),
        },
        {
          path: 'reports',
          handle: { title: '举报处理' },
          lazy: lazyPage(() => import('./pages/moderation/ReportsPage')),
        },
        {
          path: 'mutes',
          handle: { title: '禁言用户' },
          lazy: lazyPage(() => import('./pages/moderation/MutesPage')),
        },
        {
          path: 'orders',
          handle: { title: '订单管理' },
          lazy: lazyPage(() => import('./pages/orders/OrdersAdminPage')),
        },
        {
          path: 'announcements',
          handle: { title: '公告管理' },
          lazy: lazyPage(() => import('./pages/announcements/AnnouncementsPage')),
        },
        {
          path: 'clarifications',
          handle: { title: '答疑管理' },
          lazy: lazyPage(() => import('./pages/clarifications/ClarificationsAdminPage')),
        },
        {
          path: 'similarity',
          handle: { title: '代码查重' },
          lazy: lazyPage(() => import('./pages/similarity/SimilarityAdminPage')),
        },
        {
          path: 'rejudge',
          handle: { title: '重测管理' },
          lazy: lazyPage(() => import('./pages/rejudge/RejudgeAdminPage')),
        },
        {
          path: 'classes',
          handle: { title: '班级' },
          lazy: lazyPage(() => import('./pages/classes/ClassesAdminPage')),
        },
        { path: '*', loader: () => redirect('/users'), Component: Nothing },
      ],
    },
  ],
  (route) => (route.path === '/login' ? null : notStaff),
);
