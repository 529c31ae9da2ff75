/** Public entry of the problem import / export module (issue 18; docs/problem-transfer.md). */
export { createTransferService, type TransferService } from './service';
export { transferModule } from './routes';
export {
  PROBLEM_TRANSFER_TABLES,
  type TransferTables,
  type ImportJobsTable,
  type ImportJobRow,
} from './tables';
