import type { AnnouncementView } from '@oj/shared';
import type { SiteAnnouncementRow } from './tables';
import type { UserBrief } from '../users';

/** What leaves the server of an announcement (the author by name only). */
export function presentAnnouncement(
  r: SiteAnnouncementRow,
  names: Map<number, UserBrief>,
  now: string,
): AnnouncementView {
  return {
    announcement_id: r.id,
    title: r.title,
    content: r.content,
    pinned: r.pinned === 1,
    published: r.published === 1,
    expire_time: r.expire_time,
    expired: r.expire_time !== null && r.expire_time <= now,
    author_name: names.get(r.author_id)?.username ?? '',
    create_time: r.create_time,
    update_time: r.update_time,
  };
}
