import type { Generated, Selectable } from 'kysely';
import { tableSet } from '../../db/scoped';

/** 009_community: 站内消息 of one user (`kind`: NOTIFICATION_KINDS of the shared contract). */
export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  actor_id: number | null;
  post_id: number | null;
  comment_id: number | null;
  title: string;
  excerpt: string;
  is_read: Generated<number>;
  create_time: string;
  /**
   * 042_nodes: the event it was made from (`comment:12`, `post:outbox-40`), unique per recipient,
   * so an event delivered twice makes nothing new; null for notices made without one.
   */
  source?: string | null;
}

export type NotificationRow = Selectable<NotificationsTable>;

/** The tables of this module: only it reads or writes them (db/scoped.ts, docs/architecture.md). */
export interface NotificationsTables {
  notifications: NotificationsTable;
}
export const NOTIFICATIONS_TABLES = tableSet<NotificationsTables>()(['notifications']);
