import type { Kysely } from 'kysely';
import type { Clock } from '../../lib/time';
import type { FilesService } from '../files';
import type { JuryService } from '../jury';
import type { ProblemsService } from '../problems';
import type { TransferTables } from './tables';

/**
 * What the import and export use: the bank (rows, tests), the files module (images) and the jury
 * (a package's labelled solutions and input validator, judged after the import).
 */
export interface TransferDeps {
  problems: Pick<ProblemsService, 'addWithTests' | 'row' | 'testPairs'>;
  files: Pick<FilesService, 'saveImage' | 'storage'>;
  jury: Pick<JuryService, 'saveJurySolutions' | 'saveValidator'>;
}

/** The import jobs besides: their table (`import_jobs`), the clock of heartbeats, and where errors go. */
export interface ImportDeps extends TransferDeps {
  /** Its own table only (db/scoped.ts). */
  db: Kysely<TransferTables>;
  clock: Clock;
  onError: (err: unknown, what: string) => void;
}
