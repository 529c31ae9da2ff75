import type { HandleReportRequest, MuteRequest, PageQuery, ReportRequest, ReportsQuery } from '@oj/shared';
import type { ModerationDeps, ModerationTargets } from './deps';
import * as mutes from './mutes';
import { createModerationRepo } from './repo';
import * as reports from './reports';

/**
 * Moderation: users' reports of posts and comments, their handling, and mutes. The forum is
 * reached only through the `ModerationTargets` the composition root hands to `useTargets`; the
 * forum asks `writeBlock` before anyone writes.
 */
export function createModerationService(deps: ModerationDeps) {
  const m: mutes.MutesContext = { ...deps, targets: null, repo: createModerationRepo(deps.db) };
  return {
    /** Set once by the composition root: the forum's posts and comments. */
    useTargets(targets: ModerationTargets): void {
      m.targets = targets;
    },
    /** Null when the user may write; else the reason in words (你已被禁言至 …). */
    writeBlock: (userId: number) => mutes.writeBlock(m, userId),
    report: (reporter: number, req: ReportRequest) => reports.report(m, reporter, req),
    reports: (q: ReportsQuery) => reports.reports(m, q),
    handle: (by: number, req: HandleReportRequest) => reports.handle(m, by, req),
    mute: (by: number, req: MuteRequest) => mutes.mute(m, by, req),
    unmute: (uuid: number) => mutes.unmute(m, uuid),
    mutes: (page: PageQuery) => mutes.mutes(m, page),
  };
}
export type ModerationService = ReturnType<typeof createModerationService>;
