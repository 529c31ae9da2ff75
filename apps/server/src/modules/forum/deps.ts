import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import type { DomainBus } from '../../events';
import type { Outbox } from '../../lib/outbox';
import type { ProblemsService } from '../problems';
import type { UsersService } from '../users';
import { CountCache } from './count-cache';

/**
 * What the forum asks the contests module (wired by the composition root): the problems of the
 * running contests a user takes part in, whose solutions and Q&A that user may not read meanwhile.
 */
export interface PostContests {
  hiddenProblemsFor(userId: number): Promise<number[]>;
}

/** May this user write (post, edit, comment)? null = yes; otherwise the reason, in Chinese. */
export type WriteGate = (userId: number) => Promise<string | null>;

export interface ForumDeps {
  db: Kysely<Database>;
  users: Pick<UsersService, 'briefs'>;
  problems: Pick<ProblemsService, 'row' | 'statuses' | 'hiddenIds'>;
  bus: DomainBus;
  /** Every post change records `('post', id)` in its transaction (search indexing). */
  outbox: Pick<Outbox, 'add'>;
}

/** The dependencies, the links the composition root may replace (contests, write gate), list totals. */
export type Forum = ForumDeps & { contests: PostContests; writeGate: WriteGate; counts: CountCache };

export const withDefaults = (deps: ForumDeps): Forum => ({
  ...deps,
  counts: new CountCache(),
  contests: { hiddenProblemsFor: async () => [] },
  writeGate: async () => null,
});
