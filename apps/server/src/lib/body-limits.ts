const KiB = 1024;
const MiB = 1024 * KiB;
const GiB = 1024 * MiB;

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

/**
 * A body this large is still read to its end (and thrown away) before the 413 goes out: answering
 * while the client is still sending makes it see a reset connection instead of the answer (issue 22:
 * a 1 MiB login under load). Beyond this the connection is cut: no form sends that much by mistake.
 */
export const BODY_DRAIN_MAX = 64 * MiB;

/** A byte count in the unit that reads right: 8 KiB, 2 MiB, 1.5 MiB, 1 GiB (never "0 MiB"). */
export function formatSize(bytes: number): string {
  for (const [unit, size] of [
    ['GiB', GiB],
    ['MiB', MiB],
    ['KiB', KiB],
  ] as const) {
    if (bytes >= size) return `${Math.round((bytes / size) * 10) / 10} ${unit}`;
  }
  return `${bytes} 字节`;
}
