/** Times of the competition pages: ISO strings from the server shown in the browser's zone. */

const pad = (n: number) => String(n).padStart(2, '0');

/** The day as `YYYY-MM-DD`, in the browser's zone. */
export function formatDate(when: string | number | Date): string {
  const d = new Date(when);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  return `${formatDate(d)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A countdown as `x 天 hh:mm:ss` (days only when there are any). */
export function formatCountdown(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(s / 86400);
  const clock = `${pad(Math.floor((s % 86400) / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
  return days > 0 ? `${days} 天 ${clock}` : clock;
}

/** Contest length in words, e.g. `2 小时 30 分钟`. */
export function formatLength(startIso: string, endIso: string): string {
  const minutes = Math.round((Date.parse(endIso) - Date.parse(startIso)) / 60_000);
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  return [d && `${d} 天`, h && `${h} 小时`, m && `${m} 分钟`].filter(Boolean).join(' ') || '0 分钟';
}

export type LivePhase = 'upcoming' | 'running' | 'ended';

/** The phase at `now` (the client clock: the server's `state` is the truth at fetch time). */
export function phaseAt(startIso: string, endIso: string, now: number): LivePhase {
  if (now < Date.parse(startIso)) return 'upcoming';
  if (now < Date.parse(endIso)) return 'running';
  return 'ended';
}

/** Ordinal rank in Chinese: 第 3 名. */
export const ordinalRank = (rank: number) => `第 ${rank} 名`;

/**
 * Whether others see the frozen board now: the contest has a freeze that no admin lifted (the
 * server's `frozen`) and its last `freeze_minutes` have begun. The board stays frozen after the end
 * until an admin unfreezes it.
 */
export function frozenNow(c: { frozen: boolean; freeze_minutes: number; end_time: string }, now: number): boolean {
  return c.frozen && c.freeze_minutes > 0 && now >= Date.parse(c.end_time) - c.freeze_minutes * 60_000;
}
