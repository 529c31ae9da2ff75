import type { FilesService } from '../files';
import type { ProblemsService } from '../problems';

/** What the import and export use: the bank (rows, tests) and the files module (images). */
export interface TransferDeps {
  problems: Pick<ProblemsService, 'addWithTests' | 'row' | 'testPairs'>;
  files: Pick<FilesService, 'saveImage' | 'storage'>;
}
