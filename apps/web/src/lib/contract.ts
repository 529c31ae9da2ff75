/**
 * The sites' door to the shared API contract (packages/shared).
 *
 * Types come from `@oj/shared` freely: they vanish at build time. Runtime values must not: the
 * contract's modules build zod schemas at top level, which the bundler cannot drop, and that would
 * put zod into every page's first load. So runtime values come from the zod-free modules by path,
 * and the few constants of the users contract are mirrored here — `contract.test.ts` fails if they
 * ever differ from the contract.
 */
export { Role, VERDICTS, LANGUAGES, Difficulty, EDITOR_THEMES } from '../../../../packages/shared/src/enums';
export { ErrorCode } from '../../../../packages/shared/src/envelope';
export type * from '@oj/shared';

export const GENDERS = ['男性', '女性'] as const;
export const PASSWORD_RULE = { min: 6, max: 64 } as const;
export const ACCOUNT_PATTERN = /^[A-Za-z0-9_]{4,20}$/;
export const USERNAME_MAX = 20;
export const UPLOAD_LIMITS = { avatar: 2 * 1024 * 1024, background: 5 * 1024 * 1024 } as const;
