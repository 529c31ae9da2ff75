/**
 * Table ownership as a type check (issue 23): each module's constructor takes a database that knows
 * only its own tables, so reading another module's table does not compile. Every line below must
 * fail to type-check; were a module handed the whole schema again, its `@ts-expect-error` would
 * be unused and `npm test`'s type check would fail. Never run: only type-checked.
 */
import type { createAnnouncementsService } from '../modules/announcements';
import type { createClarificationsService } from '../modules/clarifications';
import type { createCompetitionsService, createContestRules } from '../modules/competitions';
import type { createCoursesService } from '../modules/courses';
import type { createFilesService } from '../modules/files';
import type { createForumService } from '../modules/forum';
import type { createJuryService } from '../modules/jury';
import type { createMath408Service, createProgrammingAnswers } from '../modules/math408';
import type { createModerationService, createWriteGate } from '../modules/moderation';
import type { createNotificationsService } from '../modules/notifications';
import type { createOAuthService } from '../modules/oauth';
import type { createPaymentsService } from '../modules/payments';
import type { createPicturesService } from '../modules/pictures';
import type { createTransferService } from '../modules/problem-transfer';
import type { createProblemsService } from '../modules/problems';
import type { createRejudgeService } from '../modules/rejudge';
import type { createProblemListsService } from '../modules/problem-lists';
import type { createClassesService } from '../modules/classes';
import type { createReplaySink, createReplaysService } from '../modules/replays';
import type { createSearchService } from '../modules/search';
import type { createSimilarityService } from '../modules/similarity';
import type { createSocialService, createVisitLog } from '../modules/social';
import type { createSubmissionsService } from '../modules/submissions';
import type { createUsersService } from '../modules/users';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db<F extends (...args: any) => unknown> = Parameters<F>[0]['db'];

export function plantedReads(h: {
  createAnnouncementsService: Db<typeof createAnnouncementsService>;
  createClarificationsService: Db<typeof createClarificationsService>;
  createCompetitionsService: Db<typeof createCompetitionsService>;
  createCoursesService: Db<typeof createCoursesService>;
  createFilesService: Db<typeof createFilesService>;
  createForumService: Db<typeof createForumService>;
  createJuryService: Db<typeof createJuryService>;
  createRejudgeService: Db<typeof createRejudgeService>;
  createProblemListsService: Db<typeof createProblemListsService>;
  createClassesService: Db<typeof createClassesService>;
  createModerationService: Db<typeof createModerationService>;
  createNotificationsService: Db<typeof createNotificationsService>;
  createOAuthService: Db<typeof createOAuthService>;
  createPaymentsService: Db<typeof createPaymentsService>;
  createPicturesService: Db<typeof createPicturesService>;
  createTransferService: Db<typeof createTransferService>;
  createProblemsService: Db<typeof createProblemsService>;
  createReplaysService: Db<typeof createReplaysService>;
  createSearchService: Db<typeof createSearchService>;
  createSimilarityService: Db<typeof createSimilarityService>;
  createSocialService: Db<typeof createSocialService>;
  createSubmissionsService: Db<typeof createSubmissionsService>;
  createUsersService: Db<typeof createUsersService>;
  createMath408Service: Db<typeof createMath408Service>;
  createContestRules: Db<typeof createContestRules>;
  createWriteGate: Db<typeof createWriteGate>;
  createReplaySink: Db<typeof createReplaySink>;
  createVisitLog: Db<typeof createVisitLog>;
  createProgrammingAnswers: Db<typeof createProgrammingAnswers>;
}): void {
  // @ts-expect-error announcements (createAnnouncementsService) owns no `users` table
  void h.createAnnouncementsService.selectFrom('users');
  // @ts-expect-error clarifications (createClarificationsService) owns no `users` table
  void h.createClarificationsService.selectFrom('users');
  // @ts-expect-error competitions (createCompetitionsService) owns no `users` table
  void h.createCompetitionsService.selectFrom('users');
  // @ts-expect-error courses (createCoursesService) owns no `users` table
  void h.createCoursesService.selectFrom('users');
  // @ts-expect-error files (createFilesService) owns no `users` table
  void h.createFilesService.selectFrom('users');
  // @ts-expect-error forum (createForumService) owns no `users` table
  void h.createForumService.selectFrom('users');
  // @ts-expect-error jury (createJuryService) owns no `submissions` table
  void h.createJuryService.selectFrom('submissions');
  // @ts-expect-error rejudge (createRejudgeService) owns no `submissions` table
  void h.createRejudgeService.selectFrom('submissions');
  // @ts-expect-error problem-lists (createProblemListsService) owns no `user_problem_status` table
  void h.createProblemListsService.selectFrom('user_problem_status');
  // @ts-expect-error classes (createClassesService) owns no `users` table
  void h.createClassesService.selectFrom('users');
  // @ts-expect-error classes (createClassesService, homework too) owns no `submissions` table
  void h.createClassesService.selectFrom('submissions');
  // @ts-expect-error moderation (createModerationService) owns no `posts` table
  void h.createModerationService.selectFrom('posts');
  // @ts-expect-error notifications (createNotificationsService) owns no `posts` table
  void h.createNotificationsService.selectFrom('posts');
  // @ts-expect-error oauth (createOAuthService) owns no `users` table
  void h.createOAuthService.selectFrom('users');
  // @ts-expect-error payments (createPaymentsService) owns no `study_members` table
  void h.createPaymentsService.selectFrom('study_members');
  // @ts-expect-error pictures (createPicturesService) owns no `users` table
  void h.createPicturesService.selectFrom('users');
  // @ts-expect-error problem-transfer (createTransferService) owns no `problems` table
  void h.createTransferService.selectFrom('problems');
  // @ts-expect-error problems (createProblemsService) owns no `submissions` table
  void h.createProblemsService.selectFrom('submissions');
  // @ts-expect-error replays (createReplaysService) owns no `submissions` table
  void h.createReplaysService.selectFrom('submissions');
  // @ts-expect-error search (createSearchService) owns no `posts` table
  void h.createSearchService.selectFrom('posts');
  // @ts-expect-error similarity (createSimilarityService) owns no `submissions` table
  void h.createSimilarityService.selectFrom('submissions');
  // @ts-expect-error social (createSocialService) owns no `users` table
  void h.createSocialService.selectFrom('users');
  // @ts-expect-error submissions (createSubmissionsService) owns no `problems` table
  void h.createSubmissionsService.selectFrom('problems');
  // @ts-expect-error users (createUsersService) owns no `competition_participants` table
  void h.createUsersService.selectFrom('competition_participants');
  // @ts-expect-error math408 (createMath408Service) owns no `competitions` table
  void h.createMath408Service.selectFrom('competitions');
  // @ts-expect-error competitions (createContestRules) owns no `users` table
  void h.createContestRules.selectFrom('users');
  // @ts-expect-error moderation (createWriteGate) owns no `users` table
  void h.createWriteGate.selectFrom('users');
  // @ts-expect-error replays (createReplaySink) owns no `submissions` table
  void h.createReplaySink.selectFrom('submissions');
  // @ts-expect-error social (createVisitLog) owns no `users` table
  void h.createVisitLog.selectFrom('users');
  // @ts-expect-error math408 (createProgrammingAnswers) owns no `submissions` table
  void h.createProgrammingAnswers.selectFrom('submissions');
}
