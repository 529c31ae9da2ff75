import type { Kysely } from 'kysely';
import type { generateTests } from '@oj/judge';
import type { Clock } from '../../lib/time';
import type { FilesService } from '../files';
import type { JuryService } from '../jury';
import type { ProblemsService } from '../problems';
import type { TransferTables } from './tables';

/**
 * What the import and export use: the bank (rows, tests), the files module (images), the jury
 * (a package's labelled solutions and input validator, judged after the import) and the sandbox
 * (a package's generated tests, made at import by its generators and main solution).
 */
export interface TransferDeps {
  problems: Pick<ProblemsService, 'addWithTests' | 'row' | 'testPairs'>;
  files: Pick<FilesService, 'saveImage' | 'storage'>;
  jury: Pick<JuryService, 'saveJurySolutions' | 'saveValidator'>;
  /** Runs generators and the main solution in the sandbox (`generateTests` of @oj/judge). */
  generate: typeof generateTests;
}

/** The import jobs besides: their table (`import_jobs`), the clock of heartbeats, and where errors go. */
export interface ImportDeps extends TransferDeps {
  /** Its own table only (db/scoped.ts). */
  db: Kysely<TransferTables>;
  clock: Clock;
  onError: (err: unknown, what: string) => void;
}
