import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/kysely';
import type { DomainBus } from './events';
import type { Config } from './lib/config';
import type { Metrics } from './lib/metrics';
import type { NodeState } from './lib/node-state';
import type { Outbox } from './lib/outbox';
import type { RateLimiter } from './lib/rate-limit';
import type { AnnouncementsService } from './modules/announcements';
import type { CodesService, SessionsService } from './modules/auth';
import type { CompetitionsService } from './modules/competitions';
import type { ContestApiService } from './modules/contest-api';
import type { CoursesService } from './modules/courses';
import type { FilesService } from './modules/files';
import type { ForumService } from './modules/forum';
import type { HomeService } from './modules/home';
import type { JuryService } from './modules/jury';
import type { RejudgeService } from './modules/rejudge';
import type { ProblemListsService } from './modules/problem-lists';
import type { ClassesService } from './modules/classes';
import type { LanguagesService } from './modules/languages';
import type { KeysService } from './modules/keys';
import type { Mailer } from './modules/mail';
import type { Math408Service } from './modules/math408';
import type { ModerationService } from './modules/moderation';
import type { NotificationsService } from './modules/notifications';
import type { OAuthService } from './modules/oauth';
import type { PaymentsService } from './modules/payments';
import type { PicturesService } from './modules/pictures';
import type { ProblemsService, TestDataStorage } from './modules/problems';
import type { TransferService } from './modules/problem-transfer';
import type { ReplaysService } from './modules/replays';
import type { SearchService } from './modules/search';
import type { SocialService } from './modules/social';
import type { SubmissionsService } from './modules/submissions';
import type { UserDefaults, UsersService } from './modules/users';
import type { ClarificationsService } from './modules/clarifications';
import type { SimilarityService } from './modules/similarity';

/**
 * The services of the running server, built once in `services.ts` (the composition root) and
 * handed to every module's routes. Modules reach each other only through these service objects
 * and the domain events of `bus`.
 */
export interface AppContext {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  metrics: Metrics;
  limiter: RateLimiter;
  bus: DomainBus;
  /** Must-not-lose work after a change (search indexing, payment settlement): lib/outbox.ts. */
  outbox: Outbox;
  /** Starting, ready or stopping: the readiness endpoint and the shutdown (lib/node-state.ts). */
  node: NodeState;
  /** Live SSE streams of this node: ended when the server shuts down. */
  openStreams: Set<() => void>;
  keys: KeysService;
  mailer: Mailer;
  sessions: SessionsService;
  codes: CodesService;
  users: UsersService;
  files: FilesService;
  pictures: PicturesService;
  oauth: OAuthService;
  defaults: UserDefaults;
  problems: ProblemsService;
  /** Test data by hash (problems' tests; remote judges fetch it). */
  testData: TestDataStorage;
  submissions: SubmissionsService;
  math408: Math408Service;
  competitions: CompetitionsService;
  /** The aggregate search (modules/search), fed by the outbox topics of its kinds. */
  search: SearchService;
  forum: ForumService;
  social: SocialService;
  /** Study plans and courses; payments call priceOf / enrol / unenrol / isMember. */
  courses: CoursesService;
  notifications: NotificationsService;
  moderation: ModerationService;
  payments: PaymentsService;
  announcements: AnnouncementsService;
  home: HomeService;
  /** Problem validation: jury solutions, their runs, the input validator (modules/jury). */
  jury: JuryService;
  /** Languages offered here, their factors and status (modules/languages, issue 25). */
  languages: LanguagesService;
  /** Problem import and export (modules/problem-transfer). */
  transfer: TransferService;
  /** 答疑 and contest announcements (issue 18). */
  clarifications: ClarificationsService;
  /** Code similarity of contests, admins only (issue 18). */
  similarity: SimilarityService;
  /** Code replay: timelines stored with submissions (issue 15). */
  replays: ReplaysService;
  /** The ICPC CCS Contest API of the programming contests (modules/contest-api, issue 26). */
  contestApi: ContestApiService;
  /** Rejudge sets of contests (modules/rejudge, issue 26 part 4). */
  rejudge: RejudgeService;
  /** 题单 and 收藏 (modules/problem-lists, issue 27 part 4). */
  problemLists: ProblemListsService;
  /** Teachers' classes (modules/classes, issue 27 part 1). */
  classes: ClassesService;
}
