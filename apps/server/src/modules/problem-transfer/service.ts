import type { TransferFormat } from '@oj/shared';
import type { TransferDeps } from './deps';
import { exportProblems } from './export';
import { importPackage } from './import';

/** Problem import (HydroOJ, FPS, QDUOJ, Polygon) and export (HydroOJ zip, FPS XML); docs/problem-transfer.md. */
export function createTransferService(d: TransferDeps) {
  return {
    importPackage: (bytes: Buffer) => importPackage(d, bytes),
    exportProblems: (ids: number[], format: TransferFormat) => exportProblems(d, ids, format),
  };
}
export type TransferService = ReturnType<typeof createTransferService>;
