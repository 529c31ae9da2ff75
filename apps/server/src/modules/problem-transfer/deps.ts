import type { Kysely } from 'kysely';
import type { Clock } from '../../lib/time';
import type { FilesService } from '../files';
import type { ProblemsService } from '../problems';
import type { TransferTables } from './tables';

/** What the import and export use: the bank (rows, tests) and the files module (images). */
export interface TransferDeps {
  problems: Pick<ProblemsService, 'addWithTests' | 'row' | 'testPairs'>;
  files: Pick<FilesService, 'saveImage' | 'storage'>;
}

/** The import jobs besides: their table (`import_jobs`), the clock of heartbeats, and where errors go. */
export interface ImportDeps extends TransferDeps {
  /** Its own table only (db/scoped.ts). */
  db: Kysely<TransferTables>;
  clock: Clock;
  onError: (err: unknown, what: string) => void;
}
