// The account and profile rules as plain constants (no zod): the server's schemas check them and
// the sites import them by path without pulling zod into their first load.

export const GENDERS = ['男性', '女性'] as const;
export type Gender = (typeof GENDERS)[number];

/** Rules checked on the plain text after decryption (the server says which one failed). */
export const PASSWORD_RULE = { min: 6, max: 64 } as const;
export const ACCOUNT_PATTERN = /^[A-Za-z0-9_]{4,20}$/;
export const PROFILE_MAX = 99;
export const TAGS_MAX = 10;
export const USERNAME_MAX = 20;

/** Upload size limits in bytes: avatar (status 0) and background picture (status 1). */
export const UPLOAD_LIMITS = { avatar: 2 * 1024 * 1024, background: 5 * 1024 * 1024 } as const;

/**
 * The rating a user without any rated contest has: the Codeforces engine counts such a "new" user
 * as 1400, and the sites show them as unrated (未评级) rather than as this number.
 */
export const NEW_USER_RATING = 1400;
