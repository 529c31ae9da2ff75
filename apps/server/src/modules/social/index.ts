/** Public entry of the social module: follows, friends, recent visitors. */
export { createSocialService, createVisitLog, type SocialService } from './service';
export type { SocialDeps } from './deps';
export { socialModule } from './routes';
export {
  SOCIAL_TABLES,
  type SocialTables,
  type FollowsTable,
  type UserVisitsTable,
  type SocialSettingsTable,
} from './tables';
