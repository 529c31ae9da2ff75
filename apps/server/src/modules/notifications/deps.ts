import type { Kysely } from 'kysely';
import type { DomainBus } from '../../events';
import { plainExcerpt } from '../../lib/plain-text';
import type { Clock } from '../../lib/time';
import type { ForumService } from '../forum';
import type { UsersService } from '../users';
import type { NotificationsTables } from './tables';

export interface NotificationsDeps {
  /** Its own table only (db/scoped.ts). */
  db: Kysely<NotificationsTables>;
  /** Accounts of @mentions, names of the actors, recipients as viewers. */
  users: Pick<UsersService, 'idsOfAccounts' | 'briefs' | 'viewersOf'>;
  /** Whether a user may read a post now (the forum's rule): only they are told of it. */
  posts: Pick<ForumService, 'mayRead'>;
  bus: DomainBus;
  clock: Clock;
}

const EXCERPT_MAX = 100;

/** The start of a post's or comment's markdown as one plain line of at most 100 characters. */
export const excerptOf = (markdown: string) => plainExcerpt(markdown, EXCERPT_MAX);

/** A title cut to the column's size. */
export const titleOf = (title: string): string => [...title].slice(0, 200).join('');
