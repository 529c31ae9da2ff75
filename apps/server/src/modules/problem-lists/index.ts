/**
 * Public entry of the problem lists module (题单 and 收藏, issue 27 part 4; docs/problem-lists.md):
 * users' ordered lists of bank problems, public or private, their favourites and copies, and the
 * bank problems each user starred. `listProblems(listId, viewer)` serves the classes' homework.
 */
export { createProblemListsService, type ProblemListsService } from './service';
export type { ProblemListsDeps } from './deps';
export { problemListsModule, type ProblemListsRouteDeps } from './routes';
export {
  PROBLEM_LISTS_TABLES,
  type ProblemListsTables,
  type ProblemListsTable,
  type ProblemListItemsTable,
  type ProblemListFavouritesTable,
  type ProblemFavouritesTable,
} from './tables';
