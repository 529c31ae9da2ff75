import type { AnnouncementInput, AnnouncementModifyInput, PageQuery } from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import * as announcements from './announcements';
import type { AnnouncementsDeps } from './deps';

/**
 * Site announcements: admins write, publish, pin and delete them (announcements.ts); readers see
 * the published, unexpired ones on the home page and the newest pinned one as the site's bar.
 */
export function createAnnouncementsService(d: AnnouncementsDeps) {
  return {
    add: (viewer: Viewer, input: AnnouncementInput) => announcements.addAnnouncement(d, viewer, input),
    modify: (viewer: Viewer, input: AnnouncementModifyInput) =>
      announcements.modifyAnnouncement(d, viewer, input),
    pin: (viewer: Viewer, id: number, pinned: boolean) =>
      announcements.pinAnnouncement(d, viewer, id, pinned),
    remove: (viewer: Viewer, id: number) => announcements.removeAnnouncement(d, viewer, id),
    get: (viewer: Viewer, id: number) => announcements.getAnnouncement(d, viewer, id),
    list: (page: PageQuery) => announcements.listAnnouncements(d, page),
    adminList: (viewer: Viewer, page: PageQuery) => announcements.adminList(d, viewer, page),
    bar: () => announcements.barAnnouncement(d),
  };
}
export type AnnouncementsService = ReturnType<typeof createAnnouncementsService>;
