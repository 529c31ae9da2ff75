/** Public entry of the competitions module: contests, live ranking, rating. */
export { createCompetitionsService, type CompetitionsService } from './service';
export { type CompetitionsDeps, ContestType } from './deps';
export { competitionsModule } from './routes';
export type { ContestAccess, ContestFacts } from './extras';
