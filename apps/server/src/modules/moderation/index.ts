/** Public entry of the moderation module: reports, their handling, mutes. */
export { createModerationService, createWriteGate, type ModerationService } from './service';
export type { ModerationDeps, ModerationTargets, TargetInfo } from './deps';
export { moderationModule } from './routes';
export {
  MODERATION_TABLES,
  type ModerationTables,
  type ReportsTable,
  type MutesTable,
  type ReportRow,
  type MuteRow,
} from './tables';
