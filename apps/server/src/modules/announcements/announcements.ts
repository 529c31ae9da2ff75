import type {
  AnnouncementInput,
  AnnouncementModifyInput,
  AnnouncementPage,
  AnnouncementView,
  PageQuery,
} from '@oj/shared';
import type { SiteAnnouncementRow } from './tables';
import type { Viewer } from '../../lib/auth';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { can } from '../../lib/permissions';
import { nowIso } from '../../lib/time';
import type { AnnouncementsDeps } from './deps';
import { presentAnnouncement } from './present';
import type { AnnouncementsRepo } from './repo';

export type Announcements = AnnouncementsDeps & { repo: AnnouncementsRepo };

function mustManage(viewer: Viewer): void {
  if (!can(viewer, { action: 'announcement.manage' })) throw forbidden('只有管理员可以管理公告');
}

async function present(
  a: Announcements,
  rows: SiteAnnouncementRow[],
  now: string,
): Promise<AnnouncementView[]> {
  const names = await a.users.briefs(rows.map((r) => r.author_id));
  return rows.map((r) => presentAnnouncement(r, names, now));
}

/**
 * A new announcement with an expiry already past would be one nobody sees: said instead of stored.
 * An existing one may be given a past expiry (that retires it, and it can still be corrected).
 */
function checkExpiry(input: AnnouncementInput, now: string): void {
  if (input.expire_time !== null && input.expire_time <= now)
    throw badRequest('过期时间必须晚于现在', 'expire_time');
}

export async function addAnnouncement(
  a: Announcements,
  viewer: Viewer,
  input: AnnouncementInput,
): Promise<number> {
  mustManage(viewer);
  const now = nowIso(a.clock);
  checkExpiry(input, now);
  return a.repo.insert({
    title: input.title,
    content: input.content,
    published: input.published ? 1 : 0,
    pinned: input.pinned ? 1 : 0,
    expire_time: input.expire_time,
    author_id: viewer.uuid,
    create_time: now,
    update_time: now,
  });
}

export async function modifyAnnouncement(
  a: Announcements,
  viewer: Viewer,
  input: AnnouncementModifyInput,
): Promise<void> {
  mustManage(viewer);
  const now = nowIso(a.clock);
  const n = await a.repo.update(input.announcement_id, {
    title: input.title,
    content: input.content,
    published: input.published ? 1 : 0,
    pinned: input.pinned ? 1 : 0,
    expire_time: input.expire_time,
    update_time: now,
  });
  if (!n) throw notFound(`公告 ${input.announcement_id} 不存在`);
}

export async function pinAnnouncement(
  a: Announcements,
  viewer: Viewer,
  id: number,
  pinned: boolean,
): Promise<void> {
  mustManage(viewer);
  if (!(await a.repo.update(id, { pinned: pinned ? 1 : 0 }))) throw notFound(`公告 ${id} 不存在`);
}

export async function removeAnnouncement(a: Announcements, viewer: Viewer, id: number): Promise<void> {
  mustManage(viewer);
  if (!(await a.repo.remove(id))) throw notFound(`公告 ${id} 不存在`);
}

/**
 * One announcement. Readers get published, unexpired ones only; a draft or an expired one answers
 * "not found" to them, so its existence does not leak. Admins read every one.
 */
export async function getAnnouncement(
  a: Announcements,
  viewer: Viewer,
  id: number,
): Promise<AnnouncementView> {
  const now = nowIso(a.clock);
  const row = can(viewer, { action: 'announcement.manage' })
    ? await a.repo.byId(id)
    : await a.repo.visibleById(id, now);
  if (!row) throw notFound(`公告 ${id} 不存在`);
  return (await present(a, [row], now))[0];
}

/** The public list: published and unexpired, pinned first, newest first (for admins too). */
export async function listAnnouncements(a: Announcements, page: PageQuery): Promise<AnnouncementPage> {
  const now = nowIso(a.clock);
  const res = await a.repo.visiblePage(page, now);
  return { ...res, records: await present(a, res.records, now) };
}

/** The management list: every announcement, drafts and expired ones included. */
export async function adminList(
  a: Announcements,
  viewer: Viewer,
  page: PageQuery,
): Promise<AnnouncementPage> {
  mustManage(viewer);
  const now = nowIso(a.clock);
  const res = await a.repo.allPage(page);
  return { ...res, records: await present(a, res.records, now) };
}

/** The bar of the user site: the newest pinned announcement a reader may see, or null. */
export async function barAnnouncement(a: Announcements): Promise<AnnouncementView | null> {
  const now = nowIso(a.clock);
  const row = await a.repo.newestPinned(now);
  return row ? (await present(a, [row], now))[0] : null;
}
