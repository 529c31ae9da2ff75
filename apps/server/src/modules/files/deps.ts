import type { Kysely } from 'kysely';
import type { Storage } from './storage';
import type { FilesTables } from './tables';

/** What the files' operations use, handed over by the composition root. */
export interface FilesDeps {
  /** Its own table only (db/scoped.ts). */
  db: Kysely<FilesTables>;
  /** Where the bytes live (content-addressed). */
  storage: Storage;
}
