const MiB = 1024 * 1024;

/**
 * JSON body limits per kind of route (uploads are multipart and limited by their own file sizes).
 * Each route takes the smallest that fits what it accepts: a parsed JSON body costs several times
 * its size in memory, so nothing gets room "just in case".
 */
export const BODY_LIMITS = {
  /** Every route not listed below: forms, problem statements (≤ 100 000 characters), lists of ids. */
  default: 1 * MiB,
  /** A 1 MiB source or custom input with JSON escaping, so the answer names the field, not a bare 413. */
  source: 2 * MiB,
  /** Test data typed or pasted as JSON (algorithm problems, programming questions); bigger sets go as a zip. */
  jsonTests: 16 * MiB,
} as const;

export const formatMiB = (bytes: number) => `${Math.round((bytes / MiB) * 10) / 10} MiB`;
