/** Public entry of the contest-api module: the ICPC CCS Contest API (2023-06), read-only. */
export { createContestApiService, type ContestApiService } from './service';
export type { ContestApiDeps } from './deps';
export { contestApiModule, type ContestApiRouteDeps } from './routes';
