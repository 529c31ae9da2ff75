import type { ReportAction, ReportReason, ReportStatus, ReportTargetKind, ReportView } from '@oj/shared';
import type { UserBrief } from '../users';
import type { TargetInfo } from './deps';
import type { ReportRow } from './tables';

const person = (id: number | null, names: Map<number, UserBrief>) => {
  const brief = id === null ? undefined : names.get(id);
  return brief && id !== null ? { uuid: id, username: brief.username } : null;
};

/** A report as the management site lists it, with a preview of its target (null: gone). */
export function presentReport(
  row: ReportRow,
  target: TargetInfo | undefined,
  names: Map<number, UserBrief>,
): ReportView {
  return {
    report_id: row.id,
    kind: row.target_kind as ReportTargetKind,
    target_id: row.target_id,
    reason: row.reason as ReportReason,
    detail: row.detail,
    status: row.status as ReportStatus,
    action: row.action as ReportAction | null,
    reporter: person(row.reporter_id, names),
    handler: person(row.handled_by, names),
    create_time: row.create_time,
    handle_time: row.handle_time,
    target: target
      ? {
          title: target.title,
          excerpt: target.excerpt,
          author: person(target.author_id, names),
          link: target.link,
        }
      : null,
  };
}
