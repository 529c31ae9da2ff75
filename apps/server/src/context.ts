import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/kysely';
import type { Config } from './lib/config';
import type { Metrics } from './lib/metrics';
import type { RateLimiter } from './lib/rate-limit';
import type { CodesService } from './modules/auth/codes';
import type { SessionsService } from './modules/auth/sessions';
import type { FilesService } from './modules/files/service';
import type { KeysService } from './modules/keys/service';
import type { Mailer } from './modules/mail/service';
import type { OAuthService } from './modules/oauth/service';
import type { PicturesService } from './modules/pictures/service';
import type { UserDefaults } from './modules/users/present';
import type { UsersService } from './modules/users/service';

/**
 * The services of the running server, built once in `app.ts` (the composition root) and handed to
 * every module's routes. Modules reach each other only through these service objects.
 */
export interface AppContext {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  metrics: Metrics;
  limiter: RateLimiter;
  keys: KeysService;
  mailer: Mailer;
  sessions: SessionsService;
  codes: CodesService;
  users: UsersService;
  files: FilesService;
  pictures: PicturesService;
  oauth: OAuthService;
  defaults: UserDefaults;
}
