/**
 * Public entry of the rejudge module: rejudge sets (issue 26 part 4; docs/competitions.md). Some
 * submissions of a contest are judged again on the submissions' queue as `r<set>.<submission>`
 * jobs beside their stored verdicts; the set shows old against new and the board's changes, then
 * is applied (through the submissions, competitions and notifications services) or cancelled.
 */
export { createRejudgeService, type RejudgeService } from './service';
export type { RejudgeDeps } from './deps';
export { rejudgeModule, type RejudgeRouteDeps } from './routes';
export { REJUDGE_TABLES, type RejudgeTables, type RejudgeSetsTable, type RejudgeRunsTable } from './tables';
