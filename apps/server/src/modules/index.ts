import { announcementsModule } from './announcements';
import { authModule } from './auth';
import { competitionsModule } from './competitions';
import { contestApiModule } from './contest-api';
import { coursesModule } from './courses';
import { filesModule } from './files';
import { forumModule } from './forum';
import { homeModule } from './home';
import { juryModule } from './jury';
import { languagesModule } from './languages';
import { healthModule } from './health';
import { keysModule } from './keys';
import { math408Module } from './math408';
import { moderationModule } from './moderation';
import { notificationsModule } from './notifications';
import { oauthModule } from './oauth';
import { paymentsModule } from './payments';
import { picturesModule } from './pictures';
import { problemsModule } from './problems';
import { transferModule } from './problem-transfer';
import type { AppContext } from '../context';
import type { AppModule } from './registry';
import { rejudgeModule } from './rejudge';
import { problemListsModule } from './problem-lists';
import { classesModule } from './classes';
import { replaysModule } from './replays';
import { searchModule } from './search';
import { sitesModule } from './sites';
import { socialModule } from './social';
import { submissionsModule } from './submissions';
import { usersModule } from './users';
import { userPracticeModule } from './user-practice';
import { clarificationsModule } from './clarifications';
import { similarityModule } from './similarity';

/**
 * Every module's routes, registered in this order. A new module adds one line here; its services
 * are built, and linked to other modules, in services.ts.
 */
export const MODULES: AppModule<AppContext>[] = [
  healthModule,
  keysModule,
  authModule,
  usersModule,
  oauthModule,
  filesModule,
  picturesModule,
  problemsModule,
  submissionsModule,
  math408Module,
  competitionsModule,
  searchModule,
  forumModule,
  coursesModule,
  notificationsModule,
  moderationModule,
  paymentsModule,
  announcementsModule,
  homeModule,
  socialModule,
  transferModule,
  juryModule,
  languagesModule,
  clarificationsModule,
  similarityModule,
  replaysModule,
  contestApiModule,
  rejudgeModule,
  problemListsModule,
  classesModule,
  userPracticeModule,
  // The sites come last: they own the not-found handler (SPA fallback).
  sitesModule,
];
