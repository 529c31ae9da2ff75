import type { AnnouncementInput, AnnouncementModifyInput, PageQuery } from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import * as announcements from './announcements';
import type { AnnouncementsDeps } from './deps';
import { createAnnouncementsRepo } from './repo';

/**
 * Site announcements: admins write, publish, pin and delete them (announcements.ts); readers see
 * the published, unexpired ones on the home page and the newest pinned one as the site's bar.
 */
export function createAnnouncementsService(deps: AnnouncementsDeps) {
  const a: announcements.Announcements = { ...deps, repo: createAnnouncementsRepo(deps.db) };
  return {
    add: (viewer: Viewer, input: AnnouncementInput) => announcements.addAnnouncement(a, viewer, input),
    modify: (viewer: Viewer, input: AnnouncementModifyInput) =>
      announcements.modifyAnnouncement(a, viewer, input),
    pin: (viewer: Viewer, id: number, pinned: boolean) =>
      announcements.pinAnnouncement(a, viewer, id, pinned),
    remove: (viewer: Viewer, id: number) => announcements.removeAnnouncement(a, viewer, id),
    get: (viewer: Viewer, id: number) => announcements.getAnnouncement(a, viewer, id),
    list: (page: PageQuery) => announcements.listAnnouncements(a, page),
    adminList: (viewer: Viewer, page: PageQuery) => announcements.adminList(a, viewer, page),
    bar: () => announcements.barAnnouncement(a),
  };
}
export type AnnouncementsService = ReturnType<typeof createAnnouncementsService>;
