import type { AlgorithmQuery, ProblemInput, ProblemLastInput, ProblemModifyInput } from '@oj/shared';
import type { ProblemRow } from '../../db/types';
import type { Viewer } from '../../lib/auth';
import * as bank from './bank';
import * as daily from './daily';
import { progressOf } from './progress';
import { shanghaiDate } from './dates';
import * as repo from './repo';
import * as testData from './test-data';
import { TestSheets, testsKeyOf } from './test-sheet';
import type { TestPair } from './zip';

export { FIRST_PROBLEM_ID, type ProblemsDeps } from './repo';
export type { JudgeSpec } from './test-data';

/**
 * The algorithm bank's operations bound to their dependencies, for the routes and other modules.
 * Each operation is a module-level function: repo.ts (rows of the bank's tables), bank.ts (CRUD,
 * search), test-data.ts (tests and what the judge needs), daily.ts (problem of the day, last opened).
 */
export function createProblemsService(p: repo.ProblemsDeps) {
  const sheets = new TestSheets(p);
  return {
    row: (id: number) => repo.row(p, id),
    visibleRow: (viewer: Viewer, id: number) => repo.visibleRow(p, viewer, id),
    exists: (id: number) => repo.exists(p, id),
    statuses: (viewer: Viewer, ids: number[]) => repo.statuses(p, viewer, ids),
    names: (ids: number[]) => repo.names(p, ids),
    solvedBy: (userIds: number[], problemIds: number[]) => repo.solvedBy(p, userIds, problemIds),
    liveNames: (ids: number[], opts?: { publishedOnly?: boolean }) => repo.liveNames(p, ids, opts),
    hiddenIds: () => repo.hiddenIds(p),
    /** The search index's reads (modules/search): rows by id and ids in batches. */
    forIndex: (ids: number[]) => repo.forIndex(p, ids),
    idsAfter: (after: number, limit: number) => repo.idsAfter(p, after, limit),
    setStats: (problemId: number, submit: number, accept: number) =>
      repo.setStats(p, problemId, submit, accept),
    setUserStatus: (userId: number, problemId: number, solved: boolean | null) =>
      repo.setUserStatus(p, userId, problemId, solved),
    /** `authorId`: the admin creating it (issue 22: sees every judged test's details). */
    add: (input: ProblemInput, authorId?: number) => bank.addProblem(p, input, [], authorId ?? null),
    modify: (input: ProblemModifyInput) => bank.modifyProblem(p, input),
    remove: (id: number) => bank.removeProblem(p, id),
    get: (viewer: Viewer, id: number) => bank.getProblem(p, viewer, id),
    /** 上一题 / 下一题 of the solving page, in bank order, among the problems the viewer may see. */
    neighbours: (viewer: Viewer, id: number) => bank.neighbours(p, viewer, id),
    search: (viewer: Viewer, q: AlgorithmQuery) => bank.searchBank(p, viewer, q),
    difficultySum: (viewer: Viewer, difficulty: number | undefined) =>
      bank.difficultySum(p, viewer, difficulty),
    /**
     * A new problem with its test set in one transaction (imports: never half a problem); the
     * files are stored off the event loop (an import's may be hundreds of MiB: issue 22).
     */
    addWithTests: async (input: ProblemInput, pairs: TestPair[], authorId?: number) =>
      bank.addProblem(p, input, await testData.storeTests(p, pairs), authorId ?? null),
    /** Every test of a problem, whole (exports). */
    testPairs: (problemId: number) => testData.storedPairs(p, problemId),
    setTests: (problemId: number, pairs: TestPair[]) => testData.setTests(p, problemId, pairs),
    getTests: (problemId: number) => testData.getTests(p, problemId),
    zipTests: (problemId: number) => testData.zipTests(p, problemId),
    judgeSpec: (r: ProblemRow) => testData.judgeSpec(r),
    /** Which test list a submission is judged against (stored with it: `submissions.tests_key`). */
    testsKey: (r: ProblemRow) => testsKeyOf(r),
    /** What records show of a problem's judged tests (issue 22); deleted problems too, null if none. */
    testSheet: (problemId: number) => sheets.of(problemId),
    /** Test data for remote judges: only hashes referenced by a problem are known. */
    testData: p.storage,
    daily: (viewer: Viewer) => daily.dailyOf(p, shanghaiDate(), viewer),
    setDaily: (problemId: number, date?: string) => daily.setDaily(p, problemId, date),
    last: (viewer: Viewer) => daily.lastOpened(p, viewer),
    setLast: (viewer: Viewer, input: ProblemLastInput) => daily.setLastOpened(p, viewer, input),
    /** Published problems per difficulty and how many the viewer solved (the home page). */
    progress: (viewer: Viewer) => progressOf(p, viewer),
  };
}
export type ProblemsService = ReturnType<typeof createProblemsService>;
