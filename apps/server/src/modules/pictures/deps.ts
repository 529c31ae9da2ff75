import type { Kysely } from 'kysely';
import type { UsersService } from '../users';
import type { PicturesTables } from './tables';

/** What the pictures' operations use, handed over by the composition root. */
export interface PicturesDeps {
  /** Its own table only (db/scoped.ts). */
  db: Kysely<PicturesTables>;
  /** The chosen background is the user's (`background_picture` of the account). */
  users: Pick<UsersService, 'requireUser' | 'setBackground'>;
  defaultBackground: () => string;
}
