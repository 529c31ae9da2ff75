import type { PageQuery, SocialSettings, VisitorPage } from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import { nowIso } from '../../lib/time';
import { shanghaiDate } from '../problems';
import type { SocialDeps } from './deps';
import { presentListed } from './present';
import * as repo from './repo';

/** Visits older than this many days are dropped: the list is of recent visitors. */
const KEEP_DAYS = 30;
const DAY_MS = 86_400_000;

/**
 * A signed-in user (not the owner) viewed `uuid`'s card: one row per visitor and day, the latest
 * visit's time kept. Nothing is recorded when the owner turned visitor recording off.
 */
export async function recordVisit(
  d: Pick<SocialDeps, 'db' | 'clock'>,
  visitorId: number,
  uuid: number,
): Promise<void> {
  if (visitorId <= 0 || visitorId === uuid) return;
  if (!(await repo.recordsVisitors(d.db, uuid))) return;
  const now = d.clock.now();
  await repo.upsertVisit(d.db, uuid, visitorId, shanghaiDate(new Date(now)), nowIso(d.clock));
}

/** The caller's recent visitors, latest first; none (and `enabled` false) when recording is off. */
export async function visitors(
  d: SocialDeps,
  viewer: Viewer,
  page: PageQuery,
  avatar: string,
): Promise<VisitorPage> {
  const enabled = await repo.recordsVisitors(d.db, viewer.uuid);
  if (!enabled) return { records: [], total: 0, pageNum: page.pageNum, pageSize: page.pageSize, enabled };
  // Old visits go when their owner reads the list, not on every card view (the hot path).
  await repo.pruneVisits(d.db, viewer.uuid, shanghaiDate(new Date(d.clock.now() - KEEP_DAYS * DAY_MS)));
  const rows = await repo.visitsPage(d.db, viewer.uuid, page, d.users.inactiveIds());
  const users = await d.users.byIds(rows.records.map((r) => r.id));
  return { ...presentListed(rows, users, avatar), enabled };
}

export async function settings(d: SocialDeps, viewer: Viewer): Promise<SocialSettings> {
  return { record_visitors: await repo.recordsVisitors(d.db, viewer.uuid) };
}

/** Turning recording off also forgets the visitors kept so far. */
export async function setSettings(d: SocialDeps, viewer: Viewer, s: SocialSettings): Promise<SocialSettings> {
  await repo.setRecordVisitors(d.db, viewer.uuid, s.record_visitors);
  if (!s.record_visitors) await repo.clearVisits(d.db, viewer.uuid);
  return { record_visitors: s.record_visitors };
}
