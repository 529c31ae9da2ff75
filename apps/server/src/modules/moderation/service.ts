import type { HandleReportRequest, MuteRequest, PageQuery, ReportRequest, ReportsQuery } from '@oj/shared';
import type { ModerationDeps } from './deps';
import * as mutes from './mutes';
import * as reports from './reports';

/**
 * Moderation: users' reports of posts and comments, their handling, and mutes. The forum is
 * reached only through the `ModerationTargets` the composition root hands over; the forum asks
 * the mute gate (`createWriteGate`, built before it) before anyone writes.
 */
export function createModerationService(d: ModerationDeps) {
  return {
    report: (reporter: number, req: ReportRequest) => reports.report(d, reporter, req),
    reports: (q: ReportsQuery) => reports.reports(d, q),
    handle: (by: number, req: HandleReportRequest) => reports.handle(d, by, req),
    mute: (by: number, req: MuteRequest) => mutes.mute(d, by, req),
    unmute: (uuid: number) => mutes.unmute(d, uuid),
    mutes: (page: PageQuery) => mutes.mutes(d, page),
  };
}
export type ModerationService = ReturnType<typeof createModerationService>;

/**
 * The forum's write gate: null when the user may write, else the reason in words (你已被禁言至 …).
 * A lower part over the mutes table, built before the forum, which moderation then acts through.
 */
export function createWriteGate(d: Pick<ModerationDeps, 'db' | 'clock'>) {
  return (userId: number) => mutes.writeBlock(d, userId);
}
