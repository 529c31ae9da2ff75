/** Public entry of the submissions module: judging, records and their live streams. */
export {
  createSubmissionsService,
  type JudgeStats,
  type SubmissionContests,
  type SubmissionsService,
} from './service';
export { type VerdictCurtain } from './curtain';
export type { FreezeRule } from './deps';
export type { SubmissionsDeps } from './deps';
export type { ContestGate, SubmitOptions } from './submit';
export { type Names, presentRecord, presentRecordRow } from './present';
export { submissionsModule } from './routes';
export { contestTries, type ContestTry } from './records';
export type { ReplaySink } from './code-access';
