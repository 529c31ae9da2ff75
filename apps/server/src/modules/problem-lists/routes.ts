import {
  Empty,
  FavouriteProblemIds,
  FavouriteProblems,
  ProblemFavouriteQuery,
  ProblemFavourited,
  ProblemListCreated,
  ProblemListDetail,
  ProblemListFavourited,
  ProblemListFavouriteQuery,
  ProblemListIdQuery,
  ProblemListInput,
  ProblemListMineQuery,
  ProblemListModifyInput,
  ProblemListPage,
  ProblemListSquareQuery,
  ProblemListUserQuery,
  Role,
} from '@oj/shared';
import { requireRole } from '../../lib/auth';
import { type App, type AppModule, readRoute, writeRoute } from '../registry';

const favouritedMessage = (done: { favourited: boolean }) => (done.favourited ? '已收藏' : '已取消收藏');
import type { ProblemListsService } from './service';

/** What the routes use. */
export interface ProblemListsRouteDeps {
  problemLists: ProblemListsService;
}

const P = '/api/problem-list';
const tags = ['problem-lists'];

/**
 * 题单 and 收藏: anyone reads public lists (the square, a list, a user's lists); signed-in users
 * write their own lists and favourites. The service decides who reads a private list (its owner).
 */
export const problemListsModule: AppModule<ProblemListsRouteDeps> = {
  name: 'problem-lists',
  async routes(app, { problemLists }) {
    const preHandler = [requireRole(Role.User)];

    writeRoute(
      app,
      `${P}/create`,
      {
        tags,
        summary: '新建题单',
        body: ProblemListInput,
        reply: ProblemListCreated,
        preHandler,
        message: '题单已创建',
      },
      async (req) => problemLists.create(req.viewer, req.body),
    );

    writeRoute(
      app,
      `${P}/modify`,
      {
        tags,
        summary: '修改自己的题单：标题、简介、是否公开、题目及其顺序和备注（整体写入）',
        body: ProblemListModifyInput,
        reply: Empty,
        preHandler,
        message: '题单已保存',
      },
      async (req) => {
        const { list_id, ...input } = req.body;
        await problemLists.modify(req.viewer, list_id, input);
        return null;
      },
    );

    writeRoute(
      app,
      `${P}/delete`,
      {
        tags,
        summary: '删除自己的题单',
        query: ProblemListIdQuery,
        reply: Empty,
        preHandler,
        message: '题单已删除',
      },
      async (req) => {
        await problemLists.remove(req.viewer, req.query.list_id);
        return null;
      },
    );

    writeRoute(
      app,
      `${P}/copy`,
      {
        tags,
        summary: '复制题单为自己的私有题单',
        query: ProblemListIdQuery,
        reply: ProblemListCreated,
        preHandler,
        message: '已复制到我的题单',
      },
      async (req) => problemLists.copy(req.viewer, req.query.list_id),
    );

    readRoute(
      app,
      `${P}/detail`,
      { tags, summary: '题单详情与自己的完成进度', query: ProblemListIdQuery, reply: ProblemListDetail },
      async (req) => problemLists.detail(req.viewer, req.query.list_id),
    );

    readRoute(
      app,
      `${P}/square`,
      {
        tags,
        summary: '题单广场：公开题单，按标题搜索，按最新或收藏数排序',
        query: ProblemListSquareQuery,
        reply: ProblemListPage,
      },
      async (req) => problemLists.square(req.viewer, req.query),
    );

    readRoute(
      app,
      `${P}/user`,
      {
        tags,
        summary: '某个用户的题单（他人只见公开的）',
        query: ProblemListUserQuery,
        reply: ProblemListPage,
      },
      async (req) => problemLists.listsOf(req.viewer, req.query.uuid, req.query),
    );

    readRoute(
      app,
      `${P}/mine`,
      {
        tags,
        summary: '我的题单（含私有）',
        query: ProblemListMineQuery,
        reply: ProblemListPage,
        preHandler,
      },
      async (req) => problemLists.listsOf(req.viewer, req.viewer.uuid, req.query),
    );

    favouriteRoutes(app, problemLists);
  },
};

/** 收藏 of lists and problems, and what the favourites pages read: signed-in users only. */
function favouriteRoutes(app: App, problemLists: ProblemListsService): void {
  const preHandler = [requireRole(Role.User)];

  writeRoute(
    app,
    `${P}/favourite`,
    {
      tags,
      summary: '收藏或取消收藏题单',
      query: ProblemListFavouriteQuery,
      reply: ProblemListFavourited,
      preHandler,
      message: favouritedMessage,
    },
    async (req) => problemLists.favouriteList(req.viewer, req.query.list_id, req.query.on),
  );

  writeRoute(
    app,
    `${P}/problem/favourite`,
    {
      tags,
      summary: '收藏或取消收藏题目',
      query: ProblemFavouriteQuery,
      reply: ProblemFavourited,
      preHandler,
      message: favouritedMessage,
    },
    async (req) => problemLists.favouriteProblem(req.viewer, req.query.problem_id, req.query.on),
  );

  readRoute(
    app,
    `${P}/favourites`,
    { tags, summary: '我收藏的题单', query: ProblemListMineQuery, reply: ProblemListPage, preHandler },
    async (req) => problemLists.favouriteLists(req.viewer, req.query),
  );

  readRoute(
    app,
    `${P}/problem/favourites`,
    { tags, summary: '我收藏的题目与完成进度', reply: FavouriteProblems, preHandler },
    async (req) => problemLists.favouriteProblems(req.viewer),
  );

  readRoute(
    app,
    `${P}/problem/starred`,
    { tags, summary: '我收藏的题目编号（题库的收藏星标）', reply: FavouriteProblemIds, preHandler },
    async (req) => problemLists.starredIds(req.viewer),
  );
}
