/** Public entry of the search module: the aggregate search, its sources and adapters. */
export { createSearchService, type SearchService } from './service';
export type { SearchDeps, SearchDoc, SearchSource, SearchVisibility } from './deps';
export { batches } from './deps';
export {
  competitionSource,
  courseSource,
  postSource,
  problemSource,
  userSource,
  type CourseForIndex,
  type PostForIndex,
} from './sources';
export { searchModule } from './routes';
export { SEARCH_TABLES, type SearchTables, type SearchDocsTable } from './tables';
