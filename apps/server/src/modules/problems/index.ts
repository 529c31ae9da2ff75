/** Public entry of the problems module: the algorithm bank, its test data and the daily problem. */
export { createProblemsService, FIRST_PROBLEM_ID, type JudgeSpec, type ProblemsService } from './service';
export type { ProblemsDeps } from './deps';
export { languagesOf, parseJson, presentProblem } from './present';
export type { TestPreview, TestSheet } from './test-sheet';
export { shanghaiDate } from './dates';
export { TestDataStorage } from './testdata-storage';
export { seedDemoProblems } from './seed';
export { problemsModule, type ProblemsRouteDeps } from './routes';
export { readArchive, writeArchive, type ArchiveFile, type ArchiveLimits } from './zip';
export {
  PROBLEMS_TABLES,
  type ProblemsTables,
  type ProblemsTable,
  type ProblemTagsTable,
  type UserProblemStatusTable,
  type DailyProblemsTable,
  type ProblemLastTable,
  type ProblemRow,
} from './tables';
