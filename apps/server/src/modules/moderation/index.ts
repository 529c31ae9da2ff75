/** Public entry of the moderation module: reports, their handling, mutes. */
export { createModerationService, type ModerationService } from './service';
export type { ModerationDeps, ModerationTargets, TargetInfo } from './deps';
export { moderationModule } from './routes';
