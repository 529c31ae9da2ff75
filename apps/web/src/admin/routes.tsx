import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { Role } from '../lib/contract';
import { refreshCurrentUser } from '../stores/user';
import { lazyPage } from '../router/lazyPage';
import RouteError from '../layout/LazyRouteError';

/** Where the management site sends someone who may not use it (SPEC §6: admin pages need role 2). */
export function adminGuard(
  user: { uuid: number; role: number; is_boss: boolean },
  wanted: string,
  bossOnly = false,
): string | null {
  if (user.uuid === -1 || user.role === Role.NotLogin) return `/login?redirect=${encodeURIComponent(wanted)}`;
  if (user.role !== Role.Admin) return '/login?denied=1';
  if (bossOnly && !user.is_boss) return '/users';
  return null;
}

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
    if (target) throw redirect(target);
    return null;
  };

/** Routes that only redirect still need a component, or the router warns about an empty leaf. */
const Nothing = () => null;

export const adminRoutes: RouteObject[] = [
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
        path: 'admins',
        handle: { title: '管理员管理' },
        loader: guarded(true),
        lazy: lazyPage(() => import('./AdminsPage')),
      },
      { path: 'problems', handle: { title: '题目管理' }, lazy: lazyPage(() => import('./pages/problems/ProblemListPage')) },
      { path: 'problems/new', handle: { title: '新建题目' }, lazy: lazyPage(() => import('./pages/problems/ProblemEditPage')) },
      {
        path: 'problems/:problemId/edit',
        handle: { title: '编辑题目' },
        lazy: lazyPage(() => import('./pages/problems/ProblemEditPage')),
      },
      { path: 'math408', handle: { title: '数学/408 题目' }, lazy: lazyPage(() => import('./pages/math408/Math408ListPage')) },
      { path: 'math408/new', handle: { title: '新建数学/408 题目' }, lazy: lazyPage(() => import('./pages/math408/Math408EditPage')) },
      {
        path: 'math408/:questionId/edit',
        handle: { title: '编辑数学/408 题目' },
        lazy: lazyPage(() => import('./pages/math408/Math408EditPage')),
      },
      { path: '*', loader: () => redirect('/users'), Component: Nothing },
    ],
  },
];
