import type { Kysely } from 'kysely';
import type { Outbox } from '../../lib/outbox';
import type { SessionsService } from '../auth';
import type { Argon2Cost } from './password';
import type { UserContests } from './rated';
import type { UsersTables } from './tables';

/** Told of a counted card view (viewer, owner); the social module records visitors through it. */
export type CardViewListener = (viewerId: number, uuid: number) => Promise<void>;

/** What the users' operations use, handed over by the composition root. */
export interface UsersDeps {
  /** Its own tables only (db/scoped.ts). */
  db: Kysely<UsersTables>;
  /** Sessions end when a password is reset or a user unbanned. */
  sessions: Pick<SessionsService, 'destroyAllOf'>;
  argon2: Argon2Cost;
  /** Account writes record topic 'user' (the search index follows it). */
  outbox: Pick<Outbox, 'add'>;
  /** A counted card view (the social module's visit log, built before the users). */
  onCardView: CardViewListener;
  /** The rated test, written by the contests over their table (rated.ts), built before the users. */
  contests: UserContests;
}

/** The dependencies and the password verifier built once from them (service.ts). */
export type Users = UsersDeps & {
  /** False for a wrong password or no hash, in the same time either way (password.ts). */
  verify: (hash: string | undefined, plain: string) => Promise<boolean>;
};
