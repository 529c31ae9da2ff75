import type { PageQuery, ProblemListInput, ProblemListSquareQuery } from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import type { ProblemListsDeps } from './deps';
import * as favourites from './favourites';
import * as lists from './lists';

/**
 * Problem lists (题单) and favourites (收藏), issue 27 part 4 (docs/problem-lists.md), bound to their
 * dependencies: lists, their items and copies (lists.ts), favourites of lists and problems
 * (favourites.ts). What a viewer sees of a problem is the bank's rule (present.ts `visibleNames`).
 */
export function createProblemListsService(d: ProblemListsDeps) {
  return {
    create: (viewer: Viewer, input: ProblemListInput) => lists.createList(d, viewer, input),
    modify: (viewer: Viewer, listId: number, input: ProblemListInput) =>
      lists.modifyList(d, viewer, listId, input),
    remove: (viewer: Viewer, listId: number) => lists.deleteList(d, viewer, listId),
    detail: (viewer: Viewer, listId: number) => lists.listDetail(d, viewer, listId),
    copy: (viewer: Viewer, listId: number) => lists.copyList(d, viewer, listId),
    square: (viewer: Viewer, q: ProblemListSquareQuery) => lists.square(d, viewer, q),
    listsOf: (viewer: Viewer, ownerId: number, q: PageQuery) => lists.listsOf(d, viewer, ownerId, q),
    /**
     * The problems of a list as `viewer` sees them (hidden ones left out), with the viewer's status;
     * not found when the viewer may not read the list. For the classes' homework: list ids are stable.
     */
    listProblems: (listId: number, viewer: Viewer) => lists.listProblems(d, listId, viewer),
    favouriteList: (viewer: Viewer, listId: number, on: boolean) =>
      favourites.favouriteList(d, viewer, listId, on),
    favouriteLists: (viewer: Viewer, q: PageQuery) => favourites.favouriteLists(d, viewer, q),
    favouriteProblem: (viewer: Viewer, problemId: number, on: boolean) =>
      favourites.favouriteProblem(d, viewer, problemId, on),
    favouriteProblems: (viewer: Viewer) => favourites.favouriteProblems(d, viewer),
    starredIds: (viewer: Viewer) => favourites.starredIds(d, viewer),
  };
}
export type ProblemListsService = ReturnType<typeof createProblemListsService>;
