/**
 * Every table of the install: the union of the tables each module owns (`modules/<name>/tables.ts`)
 * and the outbox's (lib/outbox.ts). Only the composition root (which hands each module its own
 * part, db/scoped.ts), the migrations' tests, the backup and the ownership test see the whole.
 */
import type { OutboxTables } from '../lib/outbox';
import type { AnnouncementsTables } from '../modules/announcements';
import type { AuthTables } from '../modules/auth';
import type { ClarificationsTables } from '../modules/clarifications';
import type { CompetitionsTables } from '../modules/competitions';
import type { CoursesTables } from '../modules/courses';
import type { FilesTables } from '../modules/files';
import type { ForumTables } from '../modules/forum';
import type { JuryTables } from '../modules/jury';
import type { RejudgeTables } from '../modules/rejudge';
import type { ProblemListsTables } from '../modules/problem-lists';
import type { ClassesTables } from '../modules/classes';
import type { LanguagesTables } from '../modules/languages';
import type { Math408Tables } from '../modules/math408';
import type { ModerationTables } from '../modules/moderation';
import type { NotificationsTables } from '../modules/notifications';
import type { OAuthTables } from '../modules/oauth';
import type { PaymentsTables } from '../modules/payments';
import type { PicturesTables } from '../modules/pictures';
import type { TransferTables } from '../modules/problem-transfer';
import type { ProblemsTables } from '../modules/problems';
import type { ReplaysTables } from '../modules/replays';
import type { SearchTables } from '../modules/search';
import type { SimilarityTables } from '../modules/similarity';
import type { SocialTables } from '../modules/social';
import type { SubmissionsTables } from '../modules/submissions';
import type { UsersTables } from '../modules/users';

export interface Database
  extends
    OutboxTables,
    AnnouncementsTables,
    AuthTables,
    ClarificationsTables,
    CompetitionsTables,
    CoursesTables,
    FilesTables,
    ForumTables,
    JuryTables,
    LanguagesTables,
    Math408Tables,
    ModerationTables,
    NotificationsTables,
    OAuthTables,
    PaymentsTables,
    PicturesTables,
    TransferTables,
    ProblemsTables,
    RejudgeTables,
    ProblemListsTables,
    ClassesTables,
    ReplaysTables,
    SearchTables,
    SimilarityTables,
    SocialTables,
    SubmissionsTables,
    UsersTables {}

// The row and table types, from their modules (while importers move to the modules' own entries).
export type { AnnouncementsTable, SiteAnnouncementRow } from '../modules/announcements';
export type { SessionsTable, EmailCodesTable, SessionRow } from '../modules/auth';
export type {
  ContestAnnouncementsTable,
  ContestClarificationsTable,
  ContestClarificationReadsTable,
  ClarificationRow,
  AnnouncementRow,
} from '../modules/clarifications';
export type {
  CompetitionsTable,
  CompetitionProblemsTable,
  CompetitionParticipantsTable,
  CompetitionRow,
  CompetitionProblemRow,
  ParticipantRow,
} from '../modules/competitions';
export type {
  StudyPlansTable,
  StudySectionsTable,
  StudyLessonsTable,
  StudyProblemsTable,
  StudyMembersTable,
  ProblemVideosTable,
  StudyPlanRow,
  StudyLessonRow,
} from '../modules/courses';
export type { FilesTable } from '../modules/files';
export type {
  PostsTable,
  PostEditsTable,
  CommentsTable,
  PostThumbsTable,
  CommentThumbsTable,
  PostReadsTable,
  ForumSolutionPoliciesTable,
  PostDbRow,
  CommentDbRow,
} from '../modules/forum';
export type {
  Math408QuestionsTable,
  Math408QuestionTagsTable,
  Math408RecordsTable,
  Math408QuestionRow,
  Math408RecordRow,
} from '../modules/math408';
export type { ReportsTable, MutesTable, ReportRow, MuteRow } from '../modules/moderation';
export type { NotificationsTable, NotificationRow } from '../modules/notifications';
export type { OAuthAccountsTable } from '../modules/oauth';
export type {
  OrdersTable,
  PaymentEventsTable,
  PaymentIgnoredTable,
  PaymentIgnoredCountsTable,
  OrderRow,
} from '../modules/payments';
export type { BackgroundPicturesTable, PictureRow } from '../modules/pictures';
export type { ImportJobsTable, ImportJobRow } from '../modules/problem-transfer';
export type {
  ProblemsTable,
  ProblemTagsTable,
  UserProblemStatusTable,
  DailyProblemsTable,
  ProblemLastTable,
  ProblemRow,
} from '../modules/problems';
export type { CodeReplaysTable, CodeReplayRow } from '../modules/replays';
export type { SearchDocsTable } from '../modules/search';
export type {
  SimilarityRunsTable,
  SimilarityPairsTable,
  SimilarityRunRow,
  SimilarityPairRow,
} from '../modules/similarity';
export type { FollowsTable, UserVisitsTable, SocialSettingsTable } from '../modules/social';
export type { SubmissionsTable, SubmissionRow } from '../modules/submissions';
export type { UsersTable, UserCardViewsTable, UserRow, NewUser, UserUpdate } from '../modules/users';
export type { OutboxTable } from '../lib/outbox';
