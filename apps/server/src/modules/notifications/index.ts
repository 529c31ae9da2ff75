/** Public entry of the notifications module (站内消息). */
export { createNotificationsService, type NotificationsService } from './service';
export type { NotificationsDeps } from './deps';
export { mentionedAccounts } from './mentions';
export { notificationsModule } from './routes';
export {
  NOTIFICATIONS_TABLES,
  type NotificationsTables,
  type NotificationsTable,
  type NotificationRow,
} from './tables';
export type { RejudgedNotice } from './notify';
