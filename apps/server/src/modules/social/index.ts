/** Public entry of the social module: follows, friends, recent visitors. */
export { createSocialService, type SocialService } from './service';
export type { SocialDeps } from './deps';
export { socialModule } from './routes';
