import type { Kysely } from 'kysely';
import type { IdSubquery } from '../../db/scoped';
import type { DomainBus } from '../../events';
import type { Viewer } from '../../lib/auth';
import type { Outbox } from '../../lib/outbox';
import type { ProblemsService } from '../problems';
import type { UsersService } from '../users';
import type { CountCache } from './count-cache';
import type { ForumTables } from './tables';

/**
 * What the forum asks the contests module (handed over by the composition root): the problems whose
 * solutions and Q&A a running contest keeps from the viewer meanwhile (solution-gate.ts).
 */
export interface PostContests {
  lockedProblems(viewer: Viewer): Promise<number[]>;
}

/** May this user write (post, edit, comment)? null = yes; otherwise the reason, in Chinese. */
export type WriteGate = (userId: number) => Promise<string | null>;

export interface ForumDeps {
  /** Its own tables only (db/scoped.ts). */
  db: Kysely<ForumTables>;
  users: Pick<UsersService, 'briefs'>;
  /**
   * Problems' rows and the viewer's statuses; `hiddenIds()` is the problems module's subquery of the
   * hidden problems' ids, embedded in the post lists' one statement (the problems' table stays theirs).
   */
  problems: Pick<ProblemsService, 'row' | 'statuses'> & { hiddenIds(): IdSubquery };
  bus: DomainBus;
  /** Every post change records `('post', id)` in its transaction (search indexing). */
  outbox: Pick<Outbox, 'add'>;
  contests: PostContests;
  /** Who may not write (moderation's mutes, built before the forum). */
  writeGate: WriteGate;
}

/** The dependencies and the list totals. */
export type Forum = ForumDeps & { counts: CountCache };
