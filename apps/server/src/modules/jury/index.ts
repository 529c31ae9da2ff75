/**
 * Public entry of the jury module: problem validation (题目验证, issue 24 item 5; docs/jury.md). A
 * problem's labelled solutions are judged on the submissions' queue as jury jobs (never
 * submissions), compared with the verdicts they expect, and gate publishing; its input validator
 * checks every test upload.
 */
export {
  createJuryService,
  type JuryService,
  type NamedInput,
  type PackagedSolution,
  type PackagedValidator,
} from './service';
export type { JuryDeps } from './deps';
export { juryModule, type JuryRouteDeps } from './routes';
export { saveJurySolutions } from './solutions';
export { saveImportedValidator } from './input-validator';
export { JURY_TABLES, type JuryTables, type JurySolutionsTable, type JuryValidatorsTable } from './tables';
