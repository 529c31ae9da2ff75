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
import type { AnnouncementsDeps as Deps } from './deps';
import { presentAnnouncement } from './present';
import * as repo from './repo';

function mustManage(viewer: Viewer): void {
  if (!can(viewer, { action: 'announcement.manage' })) throw forbidden('只有管理员可以管理公告');
}

async function present(
  d: Deps,
  rows: SiteAnnouncementRow[],
  now: string,
): Promise<AnnouncementView[]> {
  const names = await d.users.briefs(rows.map((r) => r.author_id));
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
  d: Deps,
  viewer: Viewer,
  input: AnnouncementInput,
): Promise<number> {
  mustManage(viewer);
  const now = nowIso(d.clock);
  checkExpiry(input, now);
  return repo.insertAnnouncement(d.db, {
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
  d: Deps,
  viewer: Viewer,
  input: AnnouncementModifyInput,
): Promise<void> {
  mustManage(viewer);
  const now = nowIso(d.clock);
  const n = await repo.updateAnnouncement(d.db, input.announcement_id, {
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
  d: Deps,
  viewer: Viewer,
  id: number,
  pinned: boolean,
): Promise<void> {
  mustManage(viewer);
  if (!(await repo.updateAnnouncement(d.db, id, { pinned: pinned ? 1 : 0 }))) throw notFound(`公告 ${id} 不存在`);
}

export async function removeAnnouncement(d: Deps, viewer: Viewer, id: number): Promise<void> {
  mustManage(viewer);
  if (!(await repo.deleteAnnouncement(d.db, id))) throw notFound(`公告 ${id} 不存在`);
}

/**
 * One announcement. Readers get published, unexpired ones only; a draft or an expired one answers
 * "not found" to them, so its existence does not leak. Admins read every one.
 */
export async function getAnnouncement(
  d: Deps,
  viewer: Viewer,
  id: number,
): Promise<AnnouncementView> {
  const now = nowIso(d.clock);
  const row = can(viewer, { action: 'announcement.manage' })
    ? await repo.announcementById(d.db, id)
    : await repo.visibleById(d.db, id, now);
  if (!row) throw notFound(`公告 ${id} 不存在`);
  return (await present(d, [row], now))[0];
}

/** The public list: published and unexpired, pinned first, newest first (for admins too). */
export async function listAnnouncements(d: Deps, page: PageQuery): Promise<AnnouncementPage> {
  const now = nowIso(d.clock);
  const res = await repo.visiblePage(d.db, page, now);
  return { ...res, records: await present(d, res.records, now) };
}

/** The management list: every announcement, drafts and expired ones included. */
export async function adminList(
  d: Deps,
  viewer: Viewer,
  page: PageQuery,
): Promise<AnnouncementPage> {
  mustManage(viewer);
  const now = nowIso(d.clock);
  const res = await repo.allPage(d.db, page);
  return { ...res, records: await present(d, res.records, now) };
}

/** The bar of the user site: the newest pinned announcement a reader may see, or null. */
export async function barAnnouncement(d: Deps): Promise<AnnouncementView | null> {
  const now = nowIso(d.clock);
  const row = await repo.newestPinned(d.db, now);
  return row ? (await present(d, [row], now))[0] : null;
}
