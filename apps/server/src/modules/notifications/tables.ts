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
}

export type NotificationRow = Selectable<NotificationsTable>;

/** The tables of this module: only it reads or writes them (db/scoped.ts, docs/architecture.md). */
export interface NotificationsTables {
  notifications: NotificationsTable;
}
export const NOTIFICATIONS_TABLES = tableSet<NotificationsTables>()(['notifications']);
