// Zod-free, so the sites can import it without pulling zod into their first load.

/**
 * Application error codes. HTTP-like codes keep their meaning so a client can act on them
 * (40101: not logged in, SPEC §8 sends the user to /404 from some calls).
 */
export const ErrorCode = {
  Ok: 0,
  BadRequest: 40000,
  NotLoggedIn: 40101,
  WrongCredentials: 40102,
  Forbidden: 40300,
  Banned: 40301,
  /** The account must change its initial password before any other call (classes' bulk accounts). */
  PasswordChangeRequired: 40302,
  NotFound: 40400,
  Timeout: 40800,
  Conflict: 40900,
  TooLarge: 41300,
  /** A path parameter longer than the router takes (100 characters). */
  UriTooLong: 41400,
  /** An `Expect` header other than `100-continue`. */
  ExpectationFailed: 41700,
  /** The request line (URL with its query) and headers together exceed 16 KB. */
  HeadersTooLarge: 43100,
  RateLimited: 42900,
  Internal: 50000,
  Unavailable: 50300,
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/**
 * SPEC §6: a banned user whose page is still open is told so on its next API call: the server ends
 * that session, answers the call as for anyone not logged in, and sets this response header; the
 * sites then go to /404.
 */
export const BANNED_HEADER = 'x-oj-banned';
