import type { HandleReportRequest, MuteRequest, PageQuery, ReportRequest, ReportsQuery } from '@oj/shared';
import type { ModerationDeps } from './deps';
import * as mutes from './mutes';
import { createModerationRepo } from './repo';
import * as reports from './reports';

/**
 * Moderation: users' reports of posts and comments, their handling, and mutes. The forum is
 * reached only through the `ModerationTargets` the composition root hands over; the forum asks
 * the mute gate (`createWriteGate`, built before it) before anyone writes.
 */
export function createModerationService(deps: ModerationDeps) {
  const m: mutes.MutesContext = { ...deps, repo: createModerationRepo(deps.db) };
  return {
    report: (reporter: number, req: ReportRequest) => reports.report(m, reporter, req),
    reports: (q: ReportsQuery) => reports.reports(m, q),
    handle: (by: number, req: HandleReportRequest) => reports.handle(m, by, req),
    mute: (by: number, req: MuteRequest) => mutes.mute(m, by, req),
    unmute: (uuid: number) => mutes.unmute(m, uuid),
    mutes: (page: PageQuery) => mutes.mutes(m, page),
  };
}
export type ModerationService = ReturnType<typeof createModerationService>;

/**
 * The forum's write gate: null when the user may write, else the reason in words (你已被禁言至 …).
 * A lower part over the mutes table, built before the forum, which moderation then acts through.
 */
export function createWriteGate(d: Pick<ModerationDeps, 'db' | 'clock'>) {
  const repo = createModerationRepo(d.db);
  return (userId: number) => mutes.writeBlock({ repo, clock: d.clock }, userId);
}
