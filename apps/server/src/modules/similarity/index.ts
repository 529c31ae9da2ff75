/** Public entry of the similarity module: code similarity of a contest's programs (issue 18). */
export { createSimilarityService, type SimilarityService } from './service';
export type { SimilarityDeps } from './deps';
export { similarityModule, type SimilarityRouteDeps } from './routes';
export {
  SIMILARITY_TABLES,
  type SimilarityTables,
  type SimilarityRunsTable,
  type SimilarityPairsTable,
  type SimilarityRunRow,
  type SimilarityPairRow,
} from './tables';
