import type { PageQuery } from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import { nowIso } from '../../lib/time';
import { shanghaiDate } from '../problems';
import type { SocialContext } from './deps';
import { recordsVisitors, visit } from './repo';

/** Visits older than this many days are dropped: the list is of recent visitors. */
const KEEP_DAYS = 30;
const DAY_MS = 86_400_000;

/**
 * A signed-in user (not the owner) viewed `uuid`'s card: one row per visitor and day, the latest
 * visit's time kept. Nothing is recorded when the owner turned visitor recording off.
 */
export async function recordVisit(
  c: Pick<SocialContext, 'db' | 'clock'>,
  visitorId: number,
  uuid: number,
): Promise<void> {
  if (visitorId <= 0 || visitorId === uuid) return;
  if (!(await recordsVisitors(c.db, uuid))) return;
  const now = c.clock.now();
  await visit(c.db, uuid, visitorId, shanghaiDate(new Date(now)), nowIso(c.clock));
}

/** The caller's recent visitors, latest first; none (and `enabled` false) when recording is off. */
export async function visitors(c: SocialContext, viewer: Viewer, page: PageQuery) {
  const enabled = await c.repo.recordsVisitors(viewer.uuid);
  if (!enabled)
    return { enabled, page: { records: [], total: 0, pageNum: page.pageNum, pageSize: page.pageSize } };
  // Old visits go when their owner reads the list, not on every card view (the hot path).
  await c.repo.pruneVisits(viewer.uuid, shanghaiDate(new Date(c.clock.now() - KEEP_DAYS * DAY_MS)));
  return { enabled, page: await c.repo.visitsPage(viewer.uuid, page) };
}

/** Turning recording off also forgets the visitors kept so far. */
export async function setRecordVisitors(c: SocialContext, viewer: Viewer, on: boolean): Promise<void> {
  await c.repo.setRecordVisitors(viewer.uuid, on);
  if (!on) await c.repo.clearVisits(viewer.uuid);
}
