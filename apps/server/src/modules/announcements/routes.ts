import {
  AnnouncementBar,
  AnnouncementCreated,
  SiteAnnouncementIdQuery,
  AnnouncementInput,
  AnnouncementListQuery,
  AnnouncementModifyInput,
  AnnouncementPage,
  AnnouncementPinQuery,
  AnnouncementView,
  Empty,
  envelope,
  Role,
} from '@oj/shared';
import { requireRole } from '../../lib/auth';
import { ok } from '../../lib/envelope';
import type { AppModule } from '../registry';
import type { AnnouncementsService } from './service';

const P = '/api/announcement';
const tags = ['announcements'];

/** What the routes use. */
export interface AnnouncementsRouteDeps {
  announcements: AnnouncementsService;
}

/** Site announcements: reading needs no login; writing is the admins' (checked again in the service). */
export const announcementsModule: AppModule<AnnouncementsRouteDeps> = {
  name: 'announcements',
  async routes(app, { announcements }) {
    const admin = [requireRole(Role.Admin)];

    app.get(
      `${P}/list`,
      {
        schema: {
          tags,
          summary: '公告列表（已发布且未过期）',
          querystring: AnnouncementListQuery,
          response: { 200: envelope(AnnouncementPage) },
        },
      },
      async (req) => ok(await announcements.list(req.query)),
    );
    app.get(
      `${P}/bar`,
      { schema: { tags, summary: '置顶公告条', response: { 200: envelope(AnnouncementBar) } } },
      async () => ok(await announcements.bar()),
    );
    app.get(
      `${P}/get`,
      {
        schema: {
          tags,
          summary: '公告详情',
          querystring: SiteAnnouncementIdQuery,
          response: { 200: envelope(AnnouncementView) },
        },
      },
      async (req) => ok(await announcements.get(req.viewer, req.query.announcement_id)),
    );
    app.post(
      `${P}/admin/list`,
      {
        preHandler: admin,
        schema: {
          tags,
          summary: '全部公告（含未发布、已过期）',
          querystring: AnnouncementListQuery,
          response: { 200: envelope(AnnouncementPage) },
        },
      },
      async (req) => ok(await announcements.adminList(req.viewer, req.query)),
    );
    app.post(
      `${P}/admin/add`,
      {
        preHandler: admin,
        schema: {
          tags,
          summary: '发布公告',
          body: AnnouncementInput,
          response: { 200: envelope(AnnouncementCreated) },
        },
      },
      async (req) => ok({ announcement_id: await announcements.add(req.viewer, req.body) }, '公告已保存'),
    );
    app.post(
      `${P}/admin/modify`,
      {
        preHandler: admin,
        schema: {
          tags,
          summary: '修改公告',
          body: AnnouncementModifyInput,
          response: { 200: envelope(Empty) },
        },
      },
      async (req) => {
        await announcements.modify(req.viewer, req.body);
        return ok(null, '公告已修改');
      },
    );
    app.post(
      `${P}/admin/pin`,
      {
        preHandler: admin,
        schema: {
          tags,
          summary: '置顶或取消置顶',
          querystring: AnnouncementPinQuery,
          response: { 200: envelope(Empty) },
        },
      },
      async (req) => {
        await announcements.pin(req.viewer, req.query.announcement_id, req.query.pinned === 1);
        return ok(null, req.query.pinned === 1 ? '已置顶' : '已取消置顶');
      },
    );
    app.post(
      `${P}/admin/delete`,
      {
        preHandler: admin,
        schema: {
          tags,
          summary: '删除公告',
          querystring: SiteAnnouncementIdQuery,
          response: { 200: envelope(Empty) },
        },
      },
      async (req) => {
        await announcements.remove(req.viewer, req.query.announcement_id);
        return ok(null, '公告已删除');
      },
    );
  },
};
