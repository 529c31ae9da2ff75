import {
  AdminPostQuery,
  CommentAdded,
  CommentIdQuery,
  CommentInput,
  CommentPage,
  CommentsQuery,
  CommentThumbQuery,
  Empty,
  envelope,
  PolicyQuery,
  PolicySetQuery,
  PolicyView,
  PostAdded,
  PostDetail,
  PostHistory,
  PostIdQuery,
  PostInput,
  PostPage,
  PostSearchQuery,
  PostThumbQuery,
  ProblemPostsQuery,
  RequirementStatusQuery,
  Role,
  ThumbState,
  UserPostsQuery,
} from '@oj/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requireRole } from '../../lib/auth';
import { ok } from '../../lib/envelope';
import type { RateLimiter } from '../../lib/rate-limit';
import { parseQueryAndBody } from '../../lib/validate';
import type { App, AppModule } from '../registry';
import type { PostSwitch } from './moderation';
import type { ForumService } from './service';

type Guards = ((req: FastifyRequest, reply: FastifyReply) => Promise<void>)[];

const P = '/api/posts';
const tags = ['posts'];

/** What the routes use. */
export interface ForumRouteDeps {
  forum: ForumService;
  limiter: Pick<RateLimiter, 'check'>;
}

/** The forum (SPEC §7 Posts) and its moderation. Reading needs no login; writing does. */
export const forumModule: AppModule<ForumRouteDeps> = {
  name: 'forum',
  async routes(app, { forum, limiter }) {
    const user = [requireRole(Role.User)];
    const limited = (preset: 'post' | 'comment'): Guards => [
      ...user,
      async (req: FastifyRequest) => limiter.check(preset, String(req.viewer.uuid)),
    ];

    app.post(
      `${P}/add`,
      {
        preHandler: limited('post'),
        schema: { tags, summary: '发帖', body: PostInput, response: { 200: envelope(PostAdded) } },
      },
      async (req) => ok({ post_id: await forum.add(req.viewer, req.body) }, '发布成功'),
    );
    app.post(
      `${P}/modify`,
      {
        preHandler: limited('post'),
        schema: {
          tags,
          summary: '修改帖子（作者或管理员）',
          body: PostInput,
          response: { 200: envelope(Empty) },
        },
      },
      async (req) => ok(await forum.modify(req.viewer, req.body).then(() => null), '修改成功'),
    );
    app.post(
      `${P}/delete`,
      {
        preHandler: user,
        schema: {
          tags,
          summary: '删除帖子（作者或管理员）',
          querystring: PostIdQuery,
          response: { 200: envelope(Empty) },
        },
      },
      async (req) => ok(await forum.remove(req.viewer, req.query.post_id).then(() => null), '已删除'),
    );
    app.post(
      `${P}/post/answer/problemId`,
      {
        schema: {
          tags,
          summary: '题目的问答（status 0）或题解（status 1）',
          querystring: ProblemPostsQuery,
          response: { 200: envelope(PostPage) },
        },
      },
      async (req) => ok(await forum.problemPosts(req.viewer, req.query)),
    );
    app.post(
      `${P}/search`,
      { schema: { tags, summary: '帖子列表与搜索', response: { 200: envelope(PostPage) } } },
      async (req) => ok(await forum.search(req.viewer, parseQueryAndBody(PostSearchQuery, req))),
    );
    app.post(
      `${P}/search/page`,
      {
        schema: {
          tags,
          summary: '某用户的帖子',
          querystring: UserPostsQuery,
          response: { 200: envelope(PostPage) },
        },
      },
      async (req) => ok(await forum.userPosts(req.viewer, req.query)),
    );
    app.post(
      `${P}/search/postsId`,
      {
        schema: {
          tags,
          summary: '帖子详情（计一次阅读）',
          querystring: PostIdQuery,
          response: { 200: envelope(PostDetail) },
        },
      },
      async (req) => ok(await forum.detail(req.viewer, req.query.post_id, req.ip)),
    );
    registerComments(app, forum, limited('comment'), user);
    registerThumbs(app, forum, user);
    registerAdmin(app, forum);
  },
};

function registerComments(app: App, forum: ForumService, limited: Guards, user: Guards): void {
  app.post(
    `${P}/post/comment/add`,
    {
      preHandler: limited,
      schema: {
        tags,
        summary: '评论或回复（楼中楼）',
        body: CommentInput,
        response: { 200: envelope(CommentAdded) },
      },
    },
    async (req) => ok({ comment_id: await forum.addComment(req.viewer, req.body) }, '评论成功'),
  );
  app.post(
    `${P}/post/comment/delete`,
    {
      preHandler: user,
      schema: {
        tags,
        summary: '删除评论（评论者、帖子作者或管理员）',
        querystring: CommentIdQuery,
        response: { 200: envelope(Empty) },
      },
    },
    async (req) => ok(await forum.removeComment(req.viewer, req.query.comment_id).then(() => null), '已删除'),
  );
  app.post(
    `${P}/search/comment`,
    {
      schema: {
        tags,
        summary: '帖子的评论（一级评论分页，附回复）',
        querystring: CommentsQuery,
        response: { 200: envelope(CommentPage) },
      },
    },
    async (req) => ok(await forum.comments(req.viewer, req.query)),
  );
}

function registerThumbs(app: App, forum: ForumService, user: Guards): void {
  app.post(
    `${P}/post/thumbs`,
    {
      preHandler: user,
      schema: {
        tags,
        summary: '给帖子点赞（1）或取消（0）',
        querystring: PostThumbQuery,
        response: { 200: envelope(ThumbState) },
      },
    },
    async (req) => ok(await forum.thumbPost(req.viewer, req.query.post_id, req.query.status)),
  );
  app.post(
    `${P}/post/thumbStatus`,
    {
      schema: {
        tags,
        summary: '我是否点赞及点赞数',
        querystring: PostIdQuery,
        response: { 200: envelope(ThumbState) },
      },
    },
    async (req) => ok(await forum.thumbState(req.viewer, req.query.post_id)),
  );
  app.post(
    `${P}/post/comment/thumbs`,
    {
      preHandler: user,
      schema: {
        tags,
        summary: '给评论点赞（1）或取消（0）',
        querystring: CommentThumbQuery,
        response: { 200: envelope(ThumbState) },
      },
    },
    async (req) => ok(await forum.thumbComment(req.viewer, req.query)),
  );
}

const SWITCH_ROUTES: [string, PostSwitch, string][] = [
  ['top', 'pin', '置顶帖子'],
  ['top/cancel', 'unpin', '取消置顶'],
  ['lock', 'lock', '锁定帖子（不能再评论）'],
  ['lock/cancel', 'unlock', '解除锁定'],
  ['hide', 'hide', '隐藏帖子'],
  ['hide/cancel', 'show', '取消隐藏'],
];

function registerAdmin(app: App, forum: ForumService): void {
  const admin = [requireRole(Role.Admin)];
  for (const [path, what, summary] of SWITCH_ROUTES)
    app.post(
      `${P}/${path}`,
      {
        preHandler: admin,
        schema: {
          tags,
          summary: `${summary}（管理员）`,
          querystring: PostIdQuery,
          response: { 200: envelope(Empty) },
        },
      },
      async (req) =>
        ok(await forum.switchPost(req.viewer, req.query.post_id, what).then(() => null), '操作成功'),
    );
  app.post(
    `${P}/requirement/status`,
    {
      preHandler: admin,
      schema: {
        tags,
        summary: '设置需求状态（管理员）',
        querystring: RequirementStatusQuery,
        response: { 200: envelope(Empty) },
      },
    },
    async (req) =>
      ok(await forum.setStatus(req.viewer, req.query.post_id, req.query.status).then(() => null), '操作成功'),
  );
  app.post(
    `${P}/history`,
    {
      preHandler: admin,
      schema: {
        tags,
        summary: '帖子的修改历史（管理员）',
        querystring: PostIdQuery,
        response: { 200: envelope(PostHistory) },
      },
    },
    async (req) => ok(await forum.history(req.query.post_id)),
  );
  app.post(
    `${P}/admin/search`,
    {
      preHandler: admin,
      schema: { tags, summary: '帖子管理列表（含已删除、已隐藏）', response: { 200: envelope(PostPage) } },
    },
    async (req) => ok(await forum.adminSearch(req.viewer, parseQueryAndBody(AdminPostQuery, req))),
  );
  app.post(
    `${P}/policy/get`,
    {
      schema: {
        tags,
        summary: '题目的题解策略',
        querystring: PolicyQuery,
        response: { 200: envelope(PolicyView) },
      },
    },
    async (req) => ok(await forum.policy(req.query.problem_id)),
  );
  app.post(
    `${P}/policy/set`,
    {
      preHandler: admin,
      schema: {
        tags,
        summary: '设置题目的题解策略（管理员）',
        querystring: PolicySetQuery,
        response: { 200: envelope(PolicyView) },
      },
    },
    async (req) => ok(await forum.setPolicy(req.query), '已保存'),
  );
}
