import type { TransferFormat } from '@oj/shared';
import type { ImportDeps } from './deps';
import { exportProblems } from './export';
import { ImportRunner, importJob, importJobs } from './jobs';

/**
 * Problem import (HydroOJ, FPS, QDUOJ, Polygon) as jobs, and export (HydroOJ zip, FPS XML);
 * docs/problem-transfer.md.
 */
export function createTransferService(d: ImportDeps) {
  const runner = new ImportRunner(d);
  return {
    /** Starts an import of an upload; the job it answers is followed with `importJob`. */
    startImport: (createdBy: number, bytes: Buffer, fileName: string) =>
      runner.start(createdBy, bytes, fileName),
    importJob: (id: number) => importJob(d, id),
    importJobs: () => importJobs(d),
    exportProblems: (ids: number[], format: TransferFormat) => exportProblems(d, ids, format),
    /** The server is stopping: a running import ends (interrupted) before the database closes. */
    stop: () => runner.stop(),
  };
}
export type TransferService = ReturnType<typeof createTransferService>;
