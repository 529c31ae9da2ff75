import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Clock } from '../../lib/time';
import type { Mailer } from '../mail';
import type { AuthTables } from './tables';

/** What the sessions need, handed over by the composition root. */
export interface SessionsDeps {
  /** Its own tables only (db/scoped.ts): sessions live here unless Redis is configured. */
  db: Kysely<AuthTables>;
  ttlMs: number;
  clock?: Clock;
  redis?: Redis | null;
  redisPrefix?: string;
}

/** What the e-mail codes need. */
export interface CodesDeps {
  db: Kysely<AuthTables>;
  mailer: Pick<Mailer, 'send'>;
  /** How long a code is valid. */
  ttlMs: number;
  clock: Clock;
  /** The site's name, in the mail's subject (【字节OJ】验证码 …). */
  siteName: string;
}
