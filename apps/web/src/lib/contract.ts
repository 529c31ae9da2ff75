/**
 * The sites' door to the shared API contract (packages/shared).
 *
 * Types come from `@oj/shared` freely: they vanish at build time. Runtime values must not: the
 * contract's modules build zod schemas at top level, which the bundler cannot drop, and that would
 * put zod into every page's first load. So runtime values come from the zod-free modules by path
 * (enums, error codes, the users rules), which the zod modules re-export.
 */
export { Role, VERDICTS, LANGUAGES, Difficulty, EDITOR_THEMES } from '../../../../packages/shared/src/enums';
export type * from '@oj/shared';

export { ErrorCode } from '../../../../packages/shared/src/error-codes';
export { ANONYMOUS_USER } from '../../../../packages/shared/src/anonymous-user';
export {
  GENDERS,
  PASSWORD_RULE,
  ACCOUNT_PATTERN,
  USERNAME_MAX,
  UPLOAD_LIMITS,
} from '../../../../packages/shared/src/api/users-rules';
