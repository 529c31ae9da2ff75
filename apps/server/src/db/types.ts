import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type {
  CommentThumbsTable,
  CommentsTable,
  ForumSolutionPoliciesTable,
  PostEditsTable,
  PostReadsTable,
  PostsTable,
  PostThumbsTable,
} from './forum-types';

export type * from './forum-types';
import type { ContestExtrasTables } from './contest-extras-types';
export type * from './contest-extras-types';
import type { SocialTables } from './social-types';
import type { OrdersTable, PaymentEventsTable, PaymentIgnoredCountsTable, PaymentIgnoredTable } from './payments-types';
export type * from './payments-types';

/**
 * Table types. Times are UTC ISO-8601 text (sortable as strings on both dialects); booleans are
 * 0/1 integers so that SQLite and PostgreSQL read the same values.
 */
export interface UsersTable {
  id: Generated<number>;
  account: string;
  email: string | null;
  password_hash: string; // '' = no password (OAuth-only account): password login refused
  username: string;
  avatar: string;
  tags: string; // JSON array of strings
  hobby: string;
  phone: string;
  gender: string;
  school: string;
  profile: string;
  rating: number;
  role: number;
  is_boss: number;
  birth: string;
  readings: number;
  url: string;
  background_picture: string;
  is_delete: number;
  create_time: string;
  update_time: string;
}

export interface SessionsTable {
  id: string; // sha256 of the cookie token: a leaked table does not give usable cookies
  user_id: number;
  created_at: string;
  expires_at: string;
  ip: string;
  user_agent: string;
}

export interface EmailCodesTable {
  id: Generated<number>;
  email: string;
  code_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  attempts: number;
}

export interface OAuthAccountsTable {
  provider: string;
  provider_user_id: string;
  user_id: number;
  created_at: string;
}

export interface FilesTable {
  sha256: string;
  ext: string;
  mime: string;
  size: number;
  created_at: string;
}

export interface BackgroundPicturesTable {
  id: Generated<number>;
  owner_id: number | null; // null = built-in picture
  picture_address: string;
  created_at: string;
}

export interface Database extends ContestExtrasTables, SocialTables {
  users: UsersTable;
  sessions: SessionsTable;
  email_codes: EmailCodesTable;
  oauth_accounts: OAuthAccountsTable;
  files: FilesTable;
  background_pictures: BackgroundPicturesTable;
  problems: ProblemsTable;
  problem_tags: ProblemTagsTable;
  submissions: SubmissionsTable;
  user_problem_status: UserProblemStatusTable;
  daily_problems: DailyProblemsTable;
  problem_last: ProblemLastTable;
  math408_questions: Math408QuestionsTable;
  math408_question_tags: Math408QuestionTagsTable;
  math408_records: Math408RecordsTable;
  competitions: CompetitionsTable;
  competition_problems: CompetitionProblemsTable;
  competition_participants: CompetitionParticipantsTable;
  user_card_views: UserCardViewsTable;
  outbox: OutboxTable;
  search_docs: SearchDocsTable;
  study_plans: StudyPlansTable;
  study_sections: StudySectionsTable;
  study_lessons: StudyLessonsTable;
  study_problems: StudyProblemsTable;
  study_members: StudyMembersTable;
  problem_videos: ProblemVideosTable;
  notifications: NotificationsTable;
  reports: ReportsTable;
  mutes: MutesTable;
  orders: OrdersTable;
  payment_events: PaymentEventsTable;
  payment_ignored: PaymentIgnoredTable;
  payment_ignored_counts: PaymentIgnoredCountsTable;
  posts: PostsTable;
  post_edits: PostEditsTable;
  comments: CommentsTable;
  post_thumbs: PostThumbsTable;
  comment_thumbs: CommentThumbsTable;
  post_reads: PostReadsTable;
  forum_solution_policies: ForumSolutionPoliciesTable;
}

/** 007_outbox: a change that must reach its consumers even across a crash (lib/outbox.ts). */
export interface OutboxTable {
  id: Generated<number>;
  topic: string;
  key: string;
  create_time: string;
}

/** 006_card_views: the day a signed-in viewer last counted as a reading of a user card. */
export interface UserCardViewsTable {
  user_id: number;
  viewer_id: number;
  date: string; // YYYY-MM-DD, Asia/Shanghai
}

/** A user as the users repo answers it: the columns plus the derived `rated` flag (users/rated.ts). */
export type UserRow = Selectable<UsersTable> & { rated: boolean };
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type PictureRow = Selectable<BackgroundPicturesTable>;

// ---------------------------------------------------------------- problem bank (002_problems)

export interface ProblemsTable {
  id: number;
  chinese_name: string;
  english_name: string;
  description: string;
  difficulty: number;
  tags: string; // JSON array of tag ids
  source_name: string;
  time_limit: number; // ms
  memory_limit: number; // MiB
  samples: string; // JSON [{input, output}]
  checker: string; // JSON CheckerInput
  tests: string; // JSON [{input, output, input_size, output_size}] (sha256 of each file)
  test_case_num: number;
  visible: number;
  /** 013_judge: 1 = judging stops at the first failed test, 0 = every test runs. */
  stop_at_first_failure: Generated<number>;
  /** 021_test_visibility: what solvers see of each judged test ('samples' | 'all' | 'verdict'). */
  test_visibility: Generated<string>;
  /** 021_test_visibility: the admin who created the problem (sees every test's details); null = unknown. */
  author_id: Generated<number | null>;
  submit_num: number;
  accept_num: number;
  is_delete: number;
  create_time: string;
  update_time: string;
}

export interface ProblemTagsTable {
  problem_id: number;
  tag_id: number;
}

export interface SubmissionsTable {
  id: Generated<number>;
  problem_id: number;
  user_id: number;
  language: string;
  source_code: string;
  code_length: number;
  status: string;
  time_used: number;
  memory_used: number;
  compile_message: string;
  message: string;
  test_results: string; // JSON TestResultView[]
  test_total: number;
  judge_version: number;
  competition_id: number | null;
  problem_index: number | null;
  local_date: string;
  create_time: string;
  judge_time: string | null;
  /** 021_test_visibility: sha256 of the problem's test list it was judged against; null = unknown. */
  tests_key: Generated<string | null>;
}

export interface UserProblemStatusTable {
  user_id: number;
  problem_id: number;
  solved: number;
}

export interface DailyProblemsTable {
  date: string;
  problem_id: number;
  create_time: string;
}

export interface ProblemLastTable {
  user_id: number;
  problem_id: number;
  language: string | null;
  update_time: string;
}

export interface Math408QuestionsTable {
  id: number;
  type: string;
  difficulty: number;
  tags: string;
  title: string;
  content: string;
  options: string;
  answer: string;
  reference_answer: string | null;
  reference_code: string | null;
  samples: string;
  explanation: string;
  problem_id: number | null;
  create_time: string;
  visible: Generated<number>;
  is_delete: Generated<number>;
  /** null for questions stored before 004_math408_admin. */
  update_time: string | null;
}

export interface Math408QuestionTagsTable {
  question_id: number;
  tag_id: number;
}

export interface Math408RecordsTable {
  id: Generated<number>;
  question_id: number;
  user_id: number;
  answer: string;
  status: string;
  correct: number | null;
  submission_id: number | null;
  create_time: string;
  /** Set when answered inside a math / 408 contest (with the problem's 0-based position). */
  competition_id: number | null;
  problem_index: number | null;
}

export type ProblemRow = Selectable<ProblemsTable>;
export type SubmissionRow = Selectable<SubmissionsTable>;
export type Math408QuestionRow = Selectable<Math408QuestionsTable>;
export type Math408RecordRow = Selectable<Math408RecordsTable>;

export interface CompetitionsTable {
  id: Generated<number>;
  name: string;
  description: string;
  type: number; // 1 programming, 2 math, 3 408
  start_time: string;
  end_time: string;
  password_hash: string | null;
  rated: number;
  freeze_minutes: number;
  unfrozen: number;
  rating_applied: number;
  finalized: number;
  owner_id: number | null;
  /** Migration 022: made by an admin; while running it locks its problems' solutions site-wide. */
  official: Generated<number>;
  is_delete: number;
  create_time: string;
  update_time: string;
}

export interface CompetitionProblemsTable {
  competition_id: number;
  idx: number;
  problem_id: number;
  display_name: string;
  /** Migration 019: the display title in the contest; null = the problem's own title. */
  title: Generated<string | null>;
}

export interface CompetitionParticipantsTable {
  competition_id: number;
  user_id: number;
  join_time: string;
  solved: number;
  penalty: number;
  submitted: number;
  rank: number | null;
  rating_before: number | null;
  rating_after: number | null;
  rating_change: number | null;
}

export type CompetitionRow = Selectable<CompetitionsTable>;
export type CompetitionProblemRow = Selectable<CompetitionProblemsTable>;
export type ParticipantRow = Selectable<CompetitionParticipantsTable>;

// ---------------------------------------------------------------- search index (012_search)

/**
 * One indexed item of the aggregate search. The text is in `search_fts` (SQLite FTS5, rowid = id)
 * or in the `tsv` column (PostgreSQL), both reached with raw SQL by modules/search/store.ts.
 */
export interface SearchDocsTable {
  id: Generated<number>;
  kind: string;
  doc_id: number;
  problem_id: number | null; // hidden with that problem
  members_of: number | null; // course id: members (and admins) only
  solution_of: number | null; // a solution's problem: hidden while the forum locks its solutions
  material_of: number | null; // a solution's or Q&A's problem: hidden while a contest locks it (022)
  author_id: number | null; // `user:alice`
  exact: string | null; // lower-case account or name: an exact keyword puts the item first
  difficulty: number | null;
  source: string | null;
  update_time: string;
}
// ---------------------------------------------------------------- study plans and courses (010_courses)

export interface StudyPlansTable {
  id: Generated<number>;
  kind: string; // 'plan' | 'course'
  title: string;
  description: string;
  cover: string | null;
  price_fen: number;
  searchable: number;
  is_delete: Generated<number>;
  create_time: string;
  update_time: string;
}

export interface StudySectionsTable {
  plan_id: number;
  idx: number;
  title: string;
  description: string;
  requires: string; // JSON number[]
}

export interface StudyLessonsTable {
  id: Generated<number>;
  plan_id: number;
  section_idx: number;
  idx: number;
  title: string;
  content: string;
  video: string | null;
  poster: string | null;
}

export interface StudyProblemsTable {
  plan_id: number;
  section_idx: number;
  idx: number;
  kind: string; // 'algorithm' | 'math408'
  problem_id: number;
}

export interface StudyMembersTable {
  plan_id: number;
  user_id: number;
  join_time: string;
  via: string;
}

export interface ProblemVideosTable {
  problem_id: number;
  video: string | null;
  poster: string | null;
  aliyun_video_id: string | null;
  update_time: string;
}

export type StudyPlanRow = Selectable<StudyPlansTable>;
export type StudyLessonRow = Selectable<StudyLessonsTable>;
/** 009_community: 站内消息 of one user (`kind`: NOTIFICATION_KINDS of the shared contract). */
export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  actor_id: number | null;
  post_id: number | null;
  comment_id: number | null;
  title: string;
  excerpt: string;
  is_read: Generated<number>;
  create_time: string;
}

/** 009_community: a user's report of a post or comment (status open | dismissed | actioned). */
export interface ReportsTable {
  id: Generated<number>;
  reporter_id: number;
  target_kind: string;
  target_id: number;
  reason: string;
  detail: string;
  status: string;
  action: string | null;
  handled_by: number | null;
  create_time: string;
  handle_time: string | null;
}

/** 009_community: a user may not write (posts, comments) until `until` (one row per muted user). */
export interface MutesTable {
  user_id: number;
  until: string;
  reason: string;
  by_id: number | null;
  create_time: string;
}

export type NotificationRow = Selectable<NotificationsTable>;
export type ReportRow = Selectable<ReportsTable>;
export type MuteRow = Selectable<MutesTable>;
export type OrderRow = Selectable<OrdersTable>;

