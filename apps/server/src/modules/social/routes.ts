import {
  envelope,
  Role,
  SocialListQuery,
  SocialSettings,
  SocialSummary,
  SocialUserPage,
  UuidQuery,
  VisitorPage,
} from '@oj/shared';
import { requireRole } from '../../lib/auth';
import { ok } from '../../lib/envelope';
import type { AppModule } from '../registry';
import type { UserDefaults } from '../users';
import type { FollowList } from './follows';
import type { SocialService } from './service';

const P = '/api/social';

/** What the routes use. */
export interface SocialRouteDeps {
  social: SocialService;
  /** The site's default avatar, read per request (an admin may change it). */
  defaults: Pick<UserDefaults, 'avatar'>;
}

/** Follows, friends and recent visitors: every call for a signed-in (not banned) user, lists their own. */
export const socialModule: AppModule<SocialRouteDeps> = {
  name: 'social',
  async routes(app, { social, defaults }) {
    const user = [requireRole(Role.User)];
    const tags = ['social'];
    const avatar = () => defaults.avatar;

    app.get(
      `${P}/summary`,
      {
        preHandler: user,
        schema: {
          tags,
          summary: '关注、粉丝、好友人数，以及我与该用户的关系',
          querystring: UuidQuery,
          response: { 200: envelope(SocialSummary) },
        },
      },
      async (req) => ok(await social.summary(req.viewer, req.query.uuid)),
    );
    app.post(
      `${P}/follow`,
      {
        preHandler: user,
        schema: {
          tags,
          summary: '关注用户',
          querystring: UuidQuery,
          response: { 200: envelope(SocialSummary) },
        },
      },
      async (req) => ok(await social.follow(req.viewer, req.query.uuid), '关注成功'),
    );
    app.post(
      `${P}/unfollow`,
      {
        preHandler: user,
        schema: {
          tags,
          summary: '取消关注',
          querystring: UuidQuery,
          response: { 200: envelope(SocialSummary) },
        },
      },
      async (req) => ok(await social.unfollow(req.viewer, req.query.uuid), '已取消关注'),
    );
    const lists: Array<[FollowList, string]> = [
      ['following', '我关注的人（新的在前）'],
      ['followers', '关注我的人（新的在前）'],
      ['friends', '我的好友（互相关注）'],
    ];
    for (const [which, summary] of lists) {
      app.get(
        `${P}/${which}`,
        {
          preHandler: user,
          schema: {
            tags,
            summary,
            querystring: SocialListQuery,
            response: { 200: envelope(SocialUserPage) },
          },
        },
        async (req) => ok(await social.list(req.viewer, which, req.query, avatar())),
      );
    }
    app.get(
      `${P}/visitors`,
      {
        preHandler: user,
        schema: {
          tags,
          summary: '最近访客（每位访客每天一条，最近的在前；关闭记录后为空）',
          querystring: SocialListQuery,
          response: { 200: envelope(VisitorPage) },
        },
      },
      async (req) => ok(await social.visitors(req.viewer, req.query, avatar())),
    );
    app.get(
      `${P}/settings`,
      {
        preHandler: user,
        schema: { tags, summary: '我的访客设置', response: { 200: envelope(SocialSettings) } },
      },
      async (req) => ok(await social.settings(req.viewer)),
    );
    app.post(
      `${P}/settings`,
      {
        preHandler: user,
        schema: {
          tags,
          summary: '修改访客设置（关闭时清除已记录的访客）',
          body: SocialSettings,
          response: { 200: envelope(SocialSettings) },
        },
      },
      async (req) => ok(await social.setSettings(req.viewer, req.body), '设置已保存'),
    );
  },
};
