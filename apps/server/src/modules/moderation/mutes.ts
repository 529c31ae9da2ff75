import { Role, type MutePage, type MuteRequest, type PageQuery } from '@oj/shared';
import { forbidden, notFound } from '../../lib/errors';
import { isoIn, nowIso } from '../../lib/time';
import { DAY_MS, type ModerationDeps, shanghaiMinute } from './deps';
import * as repo from './repo';

/**
 * Mutes a user from writing (posts, comments) for `days` from now; muting again replaces the
 * previous term. Admins cannot be muted.
 */
export async function mute(d: ModerationDeps, by: number, req: MuteRequest): Promise<{ until: string }> {
  const user = await d.users.byId(req.uuid);
  if (!user) throw notFound('用户不存在');
  if (user.role === Role.Admin) throw forbidden('不能禁言管理员');
  const until = isoIn(req.days * DAY_MS, d.clock);
  await repo.upsertMute(d.db, {
    user_id: req.uuid,
    until,
    reason: req.reason,
    by_id: by,
    create_time: nowIso(d.clock),
  });
  return { until };
}

export async function unmute(d: ModerationDeps, uuid: number): Promise<void> {
  if (!(await repo.deleteMute(d.db, uuid))) throw notFound('该用户未被禁言');
}

/**
 * Null when the user may write; else why not, in words (你已被禁言至 2026-12-01 12:00). The forum
 * asks this before every post and comment (one primary-key read).
 */
export async function writeBlock(
  d: Pick<ModerationDeps, 'db' | 'clock'>,
  userId: number,
): Promise<string | null> {
  const row = await repo.activeMute(d.db, userId, nowIso(d.clock));
  return row ? `你已被禁言至 ${shanghaiMinute(row.until)}` : null;
}

/** The mutes in force, newest first, with the names of the muted and of who muted them. */
export async function mutes(d: ModerationDeps, page: PageQuery): Promise<MutePage> {
  const rows = await repo.activeMutes(d.db, page, nowIso(d.clock));
  const names = await d.users.briefs(
    rows.records.flatMap((r) => (r.by_id === null ? [r.user_id] : [r.user_id, r.by_id])),
  );
  return {
    ...rows,
    records: rows.records.map((r) => {
      const by = r.by_id === null ? undefined : names.get(r.by_id);
      return {
        uuid: r.user_id,
        username: names.get(r.user_id)?.username ?? '已注销用户',
        until: r.until,
        reason: r.reason,
        by: by && r.by_id !== null ? { uuid: r.by_id, username: by.username } : null,
        create_time: r.create_time,
      };
    }),
  };
}
