import { authModule } from './auth/routes';
import { competitionsModule } from './competitions/routes';
import { filesModule } from './files/routes';
import { healthModule } from './health/routes';
import { keysModule } from './keys/routes';
import { oauthModule } from './oauth/routes';
import { picturesModule } from './pictures/routes';
import { problemBankModule } from './problems/module';
import type { AppModule } from './registry';
import { sitesModule } from './sites/routes';
import { usersModule } from './users/routes';

/** Every module's routes, registered in this order. A new module adds one line here. */
export const MODULES: AppModule[] = [
  healthModule,
  keysModule,
  authModule,
  usersModule,
  oauthModule,
  filesModule,
  picturesModule,
  problemBankModule,
  competitionsModule,
  // The sites come last: they own the not-found handler (SPA fallback).
  sitesModule,
];
