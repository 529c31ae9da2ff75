/** Public entry of the submissions module: judging, records and their live streams. */
export { createSubmissionsService, type JudgeStats, type SubmissionsService } from './service';
export { FIRST_JUDGE_VERSION } from './judging';
export { type VerdictCurtain } from './curtain';
export type { FreezeRule, SubmissionContests, SubmissionsDeps, SubmissionsServiceDeps } from './deps';
export type { ContestGate, SubmitOptions } from './submit';
export { type Names, presentRecord, presentRecordRow, storedOptions } from './present';
export { submissionsModule, type SubmissionsRouteDeps } from './routes';
export { contestTries, contestTry, type ContestTry } from './records';
export type { ReplaySink } from './code-access';
export {
  SUBMISSIONS_TABLES,
  type SubmissionsTables,
  type SubmissionsTable,
  type SubmissionRow,
} from './tables';
export { createContestLog, type ContestLog, type ContestLogRow } from './contest-log-repo';
