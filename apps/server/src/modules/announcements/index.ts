/** Public entry of the announcements module: site announcements (公告). */
export { createAnnouncementsService, type AnnouncementsService } from './service';
export type { AnnouncementsDeps } from './deps';
export { announcementsModule } from './routes';
