/**
 * The sites' door to the shared API contract (packages/shared).
 *
 * Types come from `@oj/shared` freely: they vanish at build time. Runtime values must not: the
 * contract's modules build zod schemas at top level, which the bundler cannot drop, and that would
 * put zod into every page's first load. So runtime values come from the zod-free modules by path,
 * and the few constants of the envelope and users contracts (modules that import zod) are mirrored
 * here — `contract.test.ts` fails if they ever differ from the contract.
 */
export { Role, VERDICTS, LANGUAGES, Difficulty, EDITOR_THEMES } from '../../../../packages/shared/src/enums';
export type * from '@oj/shared';

export const GENDERS = ['男性', '女性'] as const;
export const PASSWORD_RULE = { min: 6, max: 64 } as const;
export const ACCOUNT_PATTERN = /^[A-Za-z0-9_]{4,20}$/;
export const USERNAME_MAX = 20;
export const UPLOAD_LIMITS = { avatar: 2 * 1024 * 1024, background: 5 * 1024 * 1024 } as const;

/** Application codes of the envelope (packages/shared/src/envelope.ts). */
export const ErrorCode = {
  Ok: 0,
  BadRequest: 40000,
  NotLoggedIn: 40101,
  WrongCredentials: 40102,
  Forbidden: 40300,
  Banned: 40301,
  NotFound: 40400,
  Conflict: 40900,
  TooLarge: 41300,
  RateLimited: 42900,
  Internal: 50000,
  Unavailable: 50300,
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
