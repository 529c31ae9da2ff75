/**
 * What the server asks for the current time wherever an expiry is decided (sessions, e-mail codes,
 * rate-limit windows). Production uses the system clock; tests pass a clock they move forward, so
 * that a 7-day session expires without anyone waiting for it.
 */
export interface Clock {
  /** Milliseconds since the epoch, like `Date.now()`. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** Times are stored as UTC ISO-8601 text: sortable as strings on SQLite and PostgreSQL alike. */
export const nowIso = (clock: Clock = systemClock) => new Date(clock.now()).toISOString();
export const isoIn = (ms: number, clock: Clock = systemClock) => new Date(clock.now() + ms).toISOString();
