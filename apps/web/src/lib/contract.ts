/**
 * The sites' door to the shared API contract (packages/shared).
 *
 * Types come from `@oj/shared` freely: they vanish at build time. Runtime values must not: the
 * contract's modules build zod schemas at top level, which the bundler cannot drop, and that would
 * put zod into every page's first load. So runtime values come from the zod-free modules (enums,
 * error codes, the users rules) through their subpath exports; the zod modules re-export them.
 */
export { Role, VERDICTS, LANGUAGES, Difficulty, EDITOR_THEMES } from '@oj/shared/enums';
export type * from '@oj/shared';

export { ErrorCode, BANNED_HEADER } from '@oj/shared/error-codes';
export { ANONYMOUS_USER } from '@oj/shared/anonymous-user';
export {
  GENDERS,
  PASSWORD_RULE,
  ACCOUNT_PATTERN,
  USERNAME_MAX,
  UPLOAD_LIMITS,
} from '@oj/shared/api/users-rules';
export { nameTextProblem } from '@oj/shared/text-rules';
export {
  REPORT_REASONS,
  REPORT_STATUSES,
  REPORT_ACTIONS,
  REPORT_TARGET_KINDS,
  MODERATION_LIMITS,
} from '@oj/shared/api/moderation-rules';
export {
  POST_CATEGORY_LABELS,
  REQUIREMENT_STATUS_LABELS,
  REQUIREMENT_STATUSES,
  POST_SORT_LABELS,
  POST_TITLE_MAX,
  POST_CONTENT_MAX,
  COMMENT_CONTENT_MAX,
} from '@oj/shared/api/forum-rules';
export {
  PAY_CHANNELS,
  PAY_CHANNEL_LABELS,
  ORDER_STATUSES,
  ORDER_STATUS_LABELS,
  PAYMENT_RULES,
  fenToYuan,
} from '@oj/shared/api/payments-rules';
export { ANNOUNCEMENT_TITLE_MAX, ANNOUNCEMENT_CONTENT_MAX } from '@oj/shared/api/announcement-rules';
export {
  IMPORT_FORMAT_LABELS,
  IMPORT_JOB_STATUS_LABELS,
  IMPORT_LIMITS,
} from '@oj/shared/api/problem-transfer-rules';
export { TEST_VISIBILITIES, TEST_VISIBILITY_LABELS } from '@oj/shared/api/problem-rules';
export {
  STANDARDS_OF,
  standardLabel,
  resolveOptions,
  describeOptions,
  LANGUAGE_FACTOR_MIN,
  LANGUAGE_FACTOR_MAX,
} from '@oj/shared/api/language-rules';
export {
  EXPECTABLE_VERDICTS,
  EXPECTED_VERDICT_LABELS,
  JURY_LIMITS,
  JURY_RUN_STATE_LABELS,
  juryLanguageOf,
} from '@oj/shared/api/jury-rules';
export {
  CLASS_LIMITS,
  CLASS_ROLE_LABELS,
  CLASS_JOIN_MODES,
  CLASS_JOIN_MODE_LABELS,
  studentAccount,
  studentRowProblem,
} from '@oj/shared/api/classes-rules';
export { RECONNECT_EVENT } from '@oj/shared/api/streams';
