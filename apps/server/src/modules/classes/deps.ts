import type { Kysely } from 'kysely';
import type { Clock } from '../../lib/time';
import type { UsersService } from '../users';
import type { ClassesTables } from './tables';

/** What the classes' operations use, handed over by the composition root. */
export interface ClassesDeps {
  /** Its own tables only (db/scoped.ts). */
  db: Kysely<ClassesTables>;
  /**
   * Who is a teacher (the 教师 mark, or an administrator), members' accounts and names, and the
   * bulk student accounts, made by the users module as any other account.
   */
  users: Pick<UsersService, 'isTeacher' | 'byIds' | 'create' | 'idsOfAccounts'>;
  clock: Clock;
}
