import { matchRoutes, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { refreshCurrentUser } from '../stores/user';
import { combineMeta, guardRedirect, type RouteMeta } from './guard';
import { lazyPage } from './lazyPage';
import { holdBarredPages } from './barredPages';
import { preloadAlgorithmProblem } from './preload';
import { trackContestNavigation } from '../pages/competition/contestStatus';
import { examRedirect } from '../pages/competition/exam/examRedirect';
import RootLayout from '../layout/RootLayout';
import RouteError from '../layout/LazyRouteError';

/** Routes that only redirect still need a component, or the router warns about an empty leaf. */
const Nothing = () => null;

/**
 * Every route of SPEC §2 that is shown. `handle` carries the title and the access rule that the root
 * loader enforces. SPEC §2's /test and /ip/lock are "not shown": they have no route, so like any
 * unknown path they go to /404 (the catch-all at the end).
 */
export const pageRoutes: RouteObject[] = holdBarredPages([
  { index: true, loader: () => redirect('/home'), Component: Nothing },
  {
    path: 'home',
    handle: { title: '首页' } satisfies RouteMeta,
    lazy: lazyPage(() => import('../pages/home/HomePage')),
  },
  {
    path: 'introduction',
    handle: { title: '网站介绍' } satisfies RouteMeta,
    lazy: lazyPage(() => import('../pages/introduction/IntroductionPage')),
  },
  {
    path: 'code-replay',
    handle: { title: '代码回放' } satisfies RouteMeta,
    lazy: lazyPage(() => import('../pages/code-replay/ReplayListPage')),
  },
  {
    path: 'code-replay/:replayId',
    handle: { title: '代码回放' } satisfies RouteMeta,
    lazy: lazyPage(() => import('../pages/code-replay/ReplayPlayerPage')),
  },
  {
    path: 'snippets',
    handle: { title: 'C++ 代码片段库' } satisfies RouteMeta,
    lazy: lazyPage(() => import('../pages/snippets/SnippetsPage')),
  },
  {
    path: 'special',
    handle: { title: 'Byte专栏' } satisfies RouteMeta,
    lazy: lazyPage(() => import('../pages/special/SpecialPage')),
  },
  {
    path: 'game',
    handle: { title: '小游戏 2048' } satisfies RouteMeta,
    lazy: lazyPage(() => import('../pages/game/GamePage')),
  },
  {
    path: 'requirements',
    handle: { title: '需求模块' } satisfies RouteMeta,
    lazy: lazyPage(() => import('../pages/posts/requirements/RequirementsPage')),
  },
  {
    path: 'requirements/add',
    handle: { title: '提需求', access: 1 } satisfies RouteMeta,
    lazy: lazyPage(() => import('../pages/posts/editor/PostEditorPage')),
  },
  {
    path: '404',
    handle: { title: '页面不存在' } satisfies RouteMeta,
    lazy: lazyPage(() => import('../pages/not-found/NotFoundPage')),
  },
  {
    path: 'user/login',
    handle: { title: '登陆/注册' } satisfies RouteMeta,
    lazy: lazyPage(() => import('../pages/login/LoginPage')),
  },
  {
    path: 'user/password',
    handle: { title: '修改密码', access: 1 } satisfies RouteMeta,
    lazy: lazyPage(() => import('../pages/login/ChangePasswordPage')),
  },
  {
    path: 'class',
    handle: { title: '我的班级', access: 1 } satisfies RouteMeta,
    lazy: lazyPage(() => import('../pages/classes/ClassListPage')),
  },
  {
    path: 'class/homework/mine',
    handle: { title: '我的作业', access: 1 } satisfies RouteMeta,
    lazy: lazyPage(() => import('../pages/classes/MyHomeworkPage')),
  },
  {
    path: 'class/homework/:homeworkId',
    handle: { title: '作业', access: 1 } satisfies RouteMeta,
    lazy: lazyPage(() => import('../pages/classes/HomeworkPage')),
  },
  {
    path: 'class/:classId/student/:uuid',
    handle: { title: '学情', access: 1 } satisfies RouteMeta,
    lazy: lazyPage(() => import('../pages/classes/StudentInsightPage')),
  },
  {
    path: 'class/:classId',
    handle: { title: '班级', access: 1 } satisfies RouteMeta,
    lazy: lazyPage(() => import('../pages/classes/ClassPage')),
  },
  {
    path: 'user',
    handle: { title: '个人中心', access: 1 } satisfies RouteMeta,
    lazy: lazyPage(() => import('../pages/user-center/UserCenterPage')),
  },
  {
    path: 'user/space/:uuid',
    handle: { title: '用户名片', access: 1 } satisfies RouteMeta,
    lazy: lazyPage(() => import('../pages/user-space/UserSpacePage')),
  },
  {
    path: 'notifications',
    handle: { title: '我的消息', access: 1 } satisfies RouteMeta,
    lazy: lazyPage(() => import('../pages/notifications/NotificationsPage')),
  },
  {
    path: 'posts',
    handle: { title: '帖子' } satisfies RouteMeta,
    lazy: lazyPage(() => import('../pages/posts/list/PostListPage')),
  },
  {
    path: 'posts/:postId',
    handle: { title: '帖子详情' } satisfies RouteMeta,
    lazy: lazyPage(() => import('../pages/posts/detail/PostDetailPage')),
  },
  {
    path: 'posts/:problemId/answer/add',
    handle: { title: '发布问答', access: 1 } satisfies RouteMeta,
    lazy: lazyPage(() => import('../pages/posts/editor/PostEditorPage')),
  },
  {
    path: 'posts/:problemId/solution/add',
    handle: { title: '发布题解', access: 1 } satisfies RouteMeta,
    lazy: lazyPage(() => import('../pages/posts/editor/PostEditorPage')),
  },
  {
    path: 'competition',
    handle: { title: '竞赛' } satisfies RouteMeta,
    lazy: lazyPage(() => import('../pages/competition/list/CompetitionListPage')),
  },
  {
    path: 'competition/rank',
    handle: { title: 'Rating 排行榜' } satisfies RouteMeta,
    lazy: lazyPage(() => import('../pages/competition/rank/RatingRankPage')),
  },
  {
    path: 'competition/:competitionId',
    handle: { title: '比赛主页', access: 1 } satisfies RouteMeta,
    lazy: lazyPage(() => import('../pages/competition/home/ContestHomePage')),
  },
  {
    path: 'competition/:competitionId/problem/:problemOrder',
    handle: { title: '比赛题目', access: 1 } satisfies RouteMeta,
    lazy: lazyPage(() => import('../pages/competition/problem/ContestProblemPage')),
  },
  {
    path: 'competition/:competitionId/records/:submissionId',
    handle: { title: '提交记录', access: 1 } satisfies RouteMeta,
    lazy: lazyPage(() => import('../pages/competition/record/ContestRecordPage')),
  },
  {
    path: 'competition/user/add/1/info',
    handle: { title: '创建编程比赛 · 基本信息', access: 1 } satisfies RouteMeta,
    lazy: lazyPage(() => import('../pages/competition/create/InfoStepPage')),
  },
  {
    path: 'competition/user/add/1/select',
    handle: { title: '创建编程比赛 · 选择题目', access: 1 } satisfies RouteMeta,
    lazy: lazyPage(() => import('../pages/competition/create/SelectStepPage')),
  },
  {
    path: 'competition/user/add/1/show',
    handle: { title: '创建编程比赛 · 题目名称与顺序', access: 1 } satisfies RouteMeta,
    lazy: lazyPage(() => import('../pages/competition/create/ShowStepPage')),
  },
  {
    path: 'competition/user/add/1/success',
    handle: { title: '创建编程比赛 · 完成', access: 1 } satisfies RouteMeta,
    lazy: lazyPage(() => import('../pages/competition/create/SuccessStepPage')),
  },
  {
    path: 'competition/user/add/:kind',
    handle: { title: '创建数学 / 408 比赛', access: 1 } satisfies RouteMeta,
    lazy: lazyPage(() => import('../pages/competition/create/OtherKindPage')),
  },
  {
    path: 'study',
    handle: { title: '学习', access: 1 } satisfies RouteMeta,
    lazy: lazyPage(() => import('../pages/study/StudyHomePage')),
  },
  {
    path: 'study/:planId',
    handle: { title: '学习计划详情', access: 1 } satisfies RouteMeta,
    lazy: lazyPage(() => import('../pages/study/StudyPlanPage')),
  },
  {
    // A course page visitors may open (outline and the preview lesson); the same page as above.
    path: 'course/:courseId',
    handle: { title: '课程' } satisfies RouteMeta,
    lazy: lazyPage(() => import('../pages/study/StudyPlanPage')),
  },
  {
    path: 'discussion',
    handle: { title: '讨论区', access: 1 } satisfies RouteMeta,
    lazy: lazyPage(() => import('../pages/posts/discussion/DiscussionPage')),
  },
  {
    path: 'discussion/add',
    handle: { title: '发起讨论', access: 1 } satisfies RouteMeta,
    lazy: lazyPage(() => import('../pages/posts/editor/PostEditorPage')),
  },
  {
    path: 'search/:key',
    handle: { title: '搜索' } satisfies RouteMeta,
    lazy: lazyPage(() => import('../pages/search/SearchPage')),
  },
  {
    path: 'together/search',
    handle: { title: '聚合搜索' } satisfies RouteMeta,
    lazy: lazyPage(() => import('../pages/search/TogetherSearchPage')),
  },
  {
    path: 'problems',
    handle: { title: '题库' } satisfies RouteMeta,
    lazy: lazyPage(() => import('../pages/problems/bank/ProblemBankPage')),
  },
  // 题单 and 收藏 (issue 27 part 4, pages/problem-lists).
  {
    path: 'problem-list',
    handle: { title: '题单' } satisfies RouteMeta,
    lazy: lazyPage(() => import('../pages/problem-lists/ProblemListSquarePage')),
  },
  {
    path: 'problem-list/mine',
    handle: { title: '我的题单', access: 1 } satisfies RouteMeta,
    lazy: lazyPage(() => import('../pages/problem-lists/MyListsPage')),
  },
  {
    path: 'problem-list/new',
    handle: { title: '新建题单', access: 1 } satisfies RouteMeta,
    lazy: lazyPage(() => import('../pages/problem-lists/ProblemListEditorPage')),
  },
  {
    path: 'problem-list/:listId',
    handle: { title: '题单' } satisfies RouteMeta,
    lazy: lazyPage(() => import('../pages/problem-lists/ProblemListDetailPage')),
  },
  {
    path: 'problem-list/:listId/edit',
    handle: { title: '编辑题单', access: 1 } satisfies RouteMeta,
    lazy: lazyPage(() => import('../pages/problem-lists/ProblemListEditorPage')),
  },
  {
    path: 'favourites',
    handle: { title: '我的收藏', access: 1 } satisfies RouteMeta,
    lazy: lazyPage(() => import('../pages/problem-lists/FavouritesPage')),
  },
  {
    path: 'problems/algorithm/:problemId',
    handle: { title: '算法题' } satisfies RouteMeta,
    // Starts the statement's data and renderer with the page chunk, not after it (router/preload.ts).
    loader: ({ params }) => {
      preloadAlgorithmProblem(Number(params.problemId));
      return null;
    },
    lazy: lazyPage(() => import('../pages/problems/algorithm/AlgorithmProblemPage')),
  },
  {
    path: 'problems/math408/wrong',
    handle: { title: '错题本', access: 1 } satisfies RouteMeta,
    lazy: lazyPage(() => import('../pages/problems/math408/WrongBookPage')),
  },
  {
    path: 'problems/math408/exam',
    handle: { title: '考试模式', access: 1 } satisfies RouteMeta,
    lazy: lazyPage(() => import('../pages/problems/math408/ExamPage')),
  },
  {
    path: 'problems/math408/:problemId',
    handle: { title: '数学 / 408 题' } satisfies RouteMeta,
    lazy: lazyPage(() => import('../pages/problems/math408/Math408Page')),
  },
  {
    path: 'problems/:problemId/records/:submissionId',
    handle: { title: '提交记录', access: 1 } satisfies RouteMeta,
    lazy: lazyPage(() => import('../pages/problems/record/RecordPage')),
  },
  {
    path: 'markdown',
    handle: { title: 'Markdown 编辑器' } satisfies RouteMeta,
    lazy: lazyPage(() => import('../pages/markdown/MarkdownEditorPage')),
  },
  {
    path: 'data-structure-animation',
    handle: { title: '数据结构动画' } satisfies RouteMeta,
    lazy: lazyPage(() => import('../pages/data-structure-animation/DataStructureAnimationPage')),
  },
  {
    // Issue 16: everyone's submissions (a tab of the 题库 area, like Luogu's 评测记录).
    path: 'records',
    handle: { title: '评测记录' } satisfies RouteMeta,
    lazy: lazyPage(() => import('../pages/records/RecordsPage')),
  },
  {
    path: 'exam',
    handle: { title: '考试进行中', access: 1 } satisfies RouteMeta,
    lazy: lazyPage(() => import('../pages/competition/exam/ExamPage')),
  },
  { path: '*', loader: () => redirect('/404'), Component: Nothing },
]);

/** A bulk account changes its initial password before any other page (docs/classes.md). */
const mustChangePassword = (user: { must_change_credential: boolean }, url: URL) =>
  user.must_change_credential && url.pathname !== '/user/password' && url.pathname !== '/user/login'
    ? `/user/password?redirect=${encodeURIComponent(url.pathname + url.search)}`
    : null;

/**
 * Runs before every navigation (shouldRevalidate: always): refreshes the current user from the
 * server (failure = not logged in, SPEC §4), then applies the guard of the matched routes (SPEC §6).
 */
export async function rootLoader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  // SPEC §4: leaving the competition pages clears the local status of the contest last visited.
  trackContestNavigation(url.pathname);
  const user = await refreshCurrentUser();
  const matches = matchRoutes(routes, url.pathname) ?? [];
  const required = combineMeta(matches.map((m) => m.route.handle as RouteMeta | undefined));
  const target =
    guardRedirect(required, user, url.pathname + url.search + url.hash) ??
    mustChangePassword(user, url) ??
    (await examRedirect(url.pathname, user));
  if (target) throw redirect(target);
  return null;
}

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: () => null,
    loader: rootLoader,
    shouldRevalidate: () => true,
    children: pageRoutes,
  },
];
