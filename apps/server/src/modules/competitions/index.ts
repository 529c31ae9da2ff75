/** Public entry of the competitions module: contests, live ranking, rating. */
export { createCompetitionsService, type CompetitionsService } from './service';
export { type CompetitionsDeps, ContestType } from './deps';
export { competitionsModule, type CompetitionsRouteDeps } from './routes';
export type { ContestAccess, ContestFacts } from './extras';
export {
  COMPETITIONS_TABLES,
  type CompetitionsTables,
  type CompetitionsTable,
  type CompetitionProblemsTable,
  type CompetitionParticipantsTable,
  type CompetitionRow,
  type CompetitionProblemRow,
  type ParticipantRow,
} from './tables';
export {
  createContestRules,
  createUserContests,
  type ContestRules,
  type ContestRulesDeps,
} from './contest-rules';
export type { ProgrammingAnswers } from './freeze-rule';
export { examGuard } from './exam-guard';
export { createContestApiReads, type ContestApiReads } from './api-reads';
export type { BoardLine, TryOverride } from './rejudge-board';
