import { z } from 'zod';
import { pageOf } from '../paging';

/**
 * 站内消息 (`/api/notifications/…`, all POST and for the caller only): replies to my posts and
 * comments, @mentions, and what someone else did to my post (pin, lock, hide, delete). The live
 * unread count comes from the SSE stream `GET /api/notifications/stream` (event `unread`).
 */

export const NOTIFICATION_KINDS = [
  'reply_post',
  'reply_comment',
  'mention',
  'post_pinned',
  'post_locked',
  'post_hidden',
  'post_deleted',
  /** A rejudge set changed the verdict of one of my submissions (modules/rejudge). */
  'rejudged',
  /** A class's homework was published, or its deadline is a day away (classes' homework). */
  'homework',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** At most this many accounts of one text are notified (the rest of the @names stay plain text). */
export const MENTIONS_MAX = 10;

export const NotificationView = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** Who did it; null when the account is gone. */
  actor: z.object({ uuid: z.number().int(), username: z.string() }).nullable(),
  post_id: z.number().int().nullable(),
  comment_id: z.number().int().nullable(),
  /** The post's title. */
  title: z.string(),
  /** The start of the comment or post text, as plain text. */
  excerpt: z.string(),
  read: z.boolean(),
  create_time: z.string(),
});
export type NotificationView = z.infer<typeof NotificationView>;

export const NotificationPage = pageOf(NotificationView);
export type NotificationPage = z.infer<typeof NotificationPage>;

export const UnreadCount = z.object({ count: z.number().int() });
export type UnreadCount = z.infer<typeof UnreadCount>;

/** `{ids}` marks those read, `{all: true}` every one of mine. */
export const MarkReadRequest = z.union(
  [
    z.object({ all: z.literal(true, { error: '全部已读的取值必须是 true' }) }),
    z.object({
      ids: z
        .array(
          z.number({ error: '消息编号必须是整数' }).int('消息编号必须是整数').min(1, '消息编号必须是正整数'),
          {
            error: '消息编号必须是整数列表',
          },
        )
        .min(1, '消息编号不能为空')
        .max(100, '消息编号一次最多 100 个'),
    }),
  ],
  { error: '请给出要标记已读的消息编号，或全部已读' },
);
export type MarkReadRequest = z.infer<typeof MarkReadRequest>;

export const MarkReadResult = z.object({ updated: z.number().int(), count: z.number().int() });
export type MarkReadResult = z.infer<typeof MarkReadResult>;
