import { randomInt } from 'node:crypto';

/** Letters and digits that cannot be misread on paper (no 0/O, 1/l/I). */
const PASSWORD_ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * A random initial password for an account made for someone else (contest and class bulk
 * accounts): printed once, never stored in plain text.
 */
export const initialPassword = (length = 10): string =>
  Array.from({ length }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join('');
