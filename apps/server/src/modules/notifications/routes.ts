import {
  envelope,
  MarkReadRequest,
  MarkReadResult,
  NotificationPage,
  PageNumQuery,
  Role,
  UnreadCount,
} from '@oj/shared';
import type { DomainBus } from '../../events';
import { requireRole } from '../../lib/auth';
import { ok } from '../../lib/envelope';
import type { AppModule } from '../registry';
import type { NotificationsService } from './service';
import { streamUnread } from './stream';

const P = '/api/notifications';

/** What the routes use. */
export interface NotificationsRouteDeps {
  notifications: NotificationsService;
  /** `notification.changed` from every node moves the live count. */
  bus: DomainBus;
  /** This node's live streams, ended when the server stops. */
  openStreams: Set<() => void>;
}

/** 站内消息 of the caller: list, unread count, mark read, and the live unread count (SSE). */
export const notificationsModule: AppModule<NotificationsRouteDeps> = {
  name: 'notifications',
  async routes(app, { notifications, bus, openStreams }) {
    const user = [requireRole(Role.User)];
    const tags = ['notifications'];

    app.post(
      `${P}/list`,
      {
        preHandler: user,
        schema: {
          tags,
          summary: '我的消息（新的在前）',
          querystring: PageNumQuery,
          response: { 200: envelope(NotificationPage) },
        },
      },
      async (req) =>
        ok(await notifications.list(req.viewer.uuid, { pageNum: req.query.pageNum, pageSize: 20 })),
    );
    app.post(
      `${P}/unread`,
      { preHandler: user, schema: { tags, summary: '未读消息数', response: { 200: envelope(UnreadCount) } } },
      async (req) => ok({ count: await notifications.unread(req.viewer.uuid) }),
    );
    app.post(
      `${P}/read`,
      {
        preHandler: user,
        schema: {
          tags,
          summary: '标记已读（ids 或 all）',
          body: MarkReadRequest,
          response: { 200: envelope(MarkReadResult) },
        },
      },
      async (req) => ok(await notifications.markRead(req.viewer.uuid, req.body), '已标记为已读'),
    );
    app.get(
      `${P}/stream`,
      { preHandler: user, schema: { tags, summary: '未读消息数（SSE：unread 事件）' } },
      async (req, reply) =>
        streamUnread(req, reply, { bus, open: openStreams, unread: notifications.unread }),
    );
  },
};
