import {
  REPORT_REASONS,
  type HandleReportRequest,
  type ReportCreated,
  type ReportPage,
  type ReportRequest,
  type ReportsQuery,
  type ReportTargetKind,
} from '@oj/shared';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import type { ModerationDeps, TargetInfo } from './deps';
import { mute } from './mutes';
import { presentReport } from './present';
import * as repo from './repo';

const DUPLICATE = '你已举报过该内容，请等待管理员处理';

/** A user reports a post or comment: it must exist and not be theirs; one open report per target. */
export async function report(
  d: ModerationDeps,
  reporter: number,
  req: ReportRequest,
): Promise<ReportCreated> {
  const targets = d.targets;
  const target = (await targets.describe(req.kind, [req.id])).get(req.id);
  if (!target) throw notFound('举报的内容不存在或已被删除');
  if (target.author_id === reporter) throw badRequest('不能举报自己的内容', 'id');
  if (await repo.openReportOf(d.db, reporter, req.kind, req.id)) throw conflict(DUPLICATE);
  try {
    const id = await repo.insertReport(d.db, {
      reporter_id: reporter,
      target_kind: req.kind,
      target_id: req.id,
      reason: req.reason,
      detail: req.detail,
      status: 'open',
      create_time: nowIso(d.clock),
    });
    return { report_id: id };
  } catch (err) {
    // The unique index on open reports: a concurrent second report of the same target.
    if (await repo.openReportOf(d.db, reporter, req.kind, req.id)) throw conflict(DUPLICATE);
    throw err;
  }
}

/** Reports by status, newest first, each with its target's preview (one describe per kind). */
export async function reports(d: ModerationDeps, q: ReportsQuery): Promise<ReportPage> {
  const rows = await repo.reportsPage(d.db, q, q.status);
  const found = new Map<ReportTargetKind, Map<number, TargetInfo>>();
  for (const kind of ['post', 'comment'] as const) {
    const ids = [...new Set(rows.records.filter((r) => r.target_kind === kind).map((r) => r.target_id))];
    found.set(kind, ids.length ? await d.targets.describe(kind, ids) : new Map());
  }
  const target = (r: { target_kind: string; target_id: number }) =>
    found.get(r.target_kind as ReportTargetKind)?.get(r.target_id);
  const people = rows.records.flatMap((r) => [
    r.reporter_id,
    ...(r.handled_by === null ? [] : [r.handled_by]),
    ...(target(r) ? [target(r)!.author_id] : []),
  ]);
  const names = await d.users.briefs(people);
  return { ...rows, records: rows.records.map((r) => presentReport(r, target(r), names)) };
}

const reasonLabel = (value: string) => REPORT_REASONS.find((r) => r.value === value)?.label ?? value;

/**
 * An admin handles an open report: dismisses it, or hides or deletes its target, or mutes the
 * target's author. Acting closes every open report of the same target. The report is claimed first
 * (two admins cannot both act) and opened again if the action fails.
 */
export async function handle(d: ModerationDeps, by: number, req: HandleReportRequest): Promise<void> {
  const row = await repo.reportById(d.db, req.report_id);
  if (!row) throw notFound('举报不存在');
  if (row.status !== 'open') throw conflict('该举报已处理');
  const kind = row.target_kind as ReportTargetKind;
  const targets = d.targets;
  let author: number | null = null;
  if (req.action === 'mute') {
    const target = (await targets.describe(kind, [row.target_id])).get(row.target_id);
    if (!target) throw notFound('举报的内容已不存在，无法确定作者');
    author = target.author_id;
  }
  const handleTime = nowIso(d.clock);
  const status = req.action === 'dismiss' ? 'dismissed' : 'actioned';
  const set = { status, action: req.action, handled_by: by, handle_time: handleTime } as const;
  if (!(await repo.closeReports(d.db, row, set, req.action !== 'dismiss'))) throw conflict('该举报已处理');
  try {
    if (req.action === 'hide') await targets.hide(kind, row.target_id, by);
    else if (req.action === 'delete') await targets.remove(kind, row.target_id, by);
    else if (req.action === 'mute' && author !== null)
      await mute(d, by, {
        uuid: author,
        days: req.mute_days ?? 1,
        reason: `举报处理：${reasonLabel(row.reason)}`,
      });
  } catch (err) {
    await repo.reopenReports(d.db, row, handleTime);
    throw err;
  }
}
