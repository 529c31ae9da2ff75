/** Public entry of the announcements module: site announcements (公告). */
export { createAnnouncementsService, type AnnouncementsService } from './service';
export type { AnnouncementsDeps } from './deps';
export { announcementsModule } from './routes';
export {
  ANNOUNCEMENTS_TABLES,
  type AnnouncementsTables,
  type AnnouncementsTable,
  type SiteAnnouncementRow,
} from './tables';
