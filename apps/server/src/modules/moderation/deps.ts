import type { Kysely } from 'kysely';
import type { ReportTargetKind } from '@oj/shared';
import type { Clock } from '../../lib/time';
import type { UsersService } from '../users';
import type { ModerationTables } from './tables';

/** What the forum says of a post or comment that was reported. */
export interface TargetInfo {
  title: string;
  excerpt: string;
  author_id: number;
  /** Where the content is read on the user site, a path (`/posts/12`, `/posts/12#comment-34`). */
  link: string;
}

/**
 * What moderation asks of the forum, handed over by the composition root: the
 * forum owns posts and comments; this module only records reports and acts through these calls.
 */
export interface ModerationTargets {
  /** The targets among `ids` that exist, hidden ones included (deleted ones are left out). */
  describe(kind: ReportTargetKind, ids: number[]): Promise<Map<number, TargetInfo>>;
  hide(kind: ReportTargetKind, id: number, by: number): Promise<void>;
  remove(kind: ReportTargetKind, id: number, by: number): Promise<void>;
}

export interface ModerationDeps {
  /** Its own tables only (db/scoped.ts). */
  db: Kysely<ModerationTables>;
  users: Pick<UsersService, 'briefs' | 'byId'>;
  clock: Clock;
  /** The forum's posts and comments (built before moderation). */
  targets: ModerationTargets;
}

const SHANGHAI = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** `2026-12-01 12:00`, Beijing time, as the sites show times. */
export function shanghaiMinute(iso: string): string {
  const p = Object.fromEntries(SHANGHAI.formatToParts(new Date(iso)).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

export const DAY_MS = 24 * 60 * 60_000;
