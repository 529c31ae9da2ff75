import type {
  AlgorithmQuery,
  Language,
  ProblemInput,
  ProblemLastInput,
  ProblemModifyInput,
} from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import { can } from '../../lib/permissions';
import { ProblemAnswerCache } from './answer-cache';
import * as authoring from './authoring';
import * as bank from './bank';
import * as daily from './daily';
import { shanghaiDate } from './dates';
import type { ProblemsDeps } from './deps';
import { progressOf } from './progress';
import * as repo from './repo';
import { presentBreakdown, solvedBreakdown, solvedProblemIds } from './solved-breakdown';
import type { ProblemRow } from './tables';
import * as testData from './test-data';
import { TestSheets, testsKeyOf } from './test-sheet';
import { judgingOf, languageRefusal, problemTypeOf, programFields } from './judging';
import type { TestPair } from './zip';

export { FIRST_PROBLEM_ID } from './bank';
export type { ProblemsDeps } from './deps';
export type { JudgeSpec } from './test-data';

/**
 * The algorithm bank's operations bound to their dependencies, for the routes and other modules.
 * Each operation is a module-level function: bank.ts (CRUD, search), test-data.ts (tests and what
 * the judge needs), daily.ts (problem of the day, last opened), progress.ts; their SQL is in
 * repo.ts and daily-repo.ts.
 */
/**
 * What modules made after this one answer for it (the composition root connects them once): the
 * search matches the bank's keyword as the top search does, the courses say whether a problem has
 * a solution video (issue 29).
 */
export interface ProblemsHooks {
  keywordIds?: (keyword: string) => Promise<number[]>;
  hasVideo?: (problemId: number) => Promise<boolean>;
}

export function createProblemsService(d: ProblemsDeps) {
  const sheets = new TestSheets(d);
  const hooks: ProblemsHooks = {};
  const answers = new ProblemAnswerCache(d, async (id) => (await hooks.hasVideo?.(id)) ?? false);
  answers.listen(d.bus);
  /** A write that changes a problem's answer: its cached copies go once it is committed. */
  const changing = async <T>(id: number, write: Promise<T>): Promise<T> => {
    try {
      return await write;
    } finally {
      answers.changed(id);
    }
  };
  /** A new problem: the visitors' bank pages go (the problem has no cached answer yet). */
  const added = async (write: Promise<number>): Promise<number> => {
    const id = await write;
    answers.changed(id);
    return id;
  };
  return {
    connect: (h: ProblemsHooks) => void Object.assign(hooks, h),
    row: (id: number) => repo.liveRow(d.db, id),
    visibleRow: (viewer: Viewer, id: number) => bank.visibleRow(d, viewer, id),
    exists: (id: number) => repo.idUsed(d.db, id),
    statuses: (viewer: Viewer, ids: number[]) => bank.statuses(d, viewer, ids),
    names: (ids: number[]) => bank.names(d, ids),
    solvedBy: (userIds: number[], problemIds: number[]) => bank.solvedBy(d, userIds, problemIds),
    liveNames: (ids: number[], opts?: { publishedOnly?: boolean }) => bank.liveNames(d, ids, opts),
    /** The hidden problems' ids as a subquery, written over this module's tables, for others to embed. */
    hiddenIds: () => repo.hiddenIds(d.db),
    /** The search index's reads (modules/search): rows by id and ids in batches. */
    forIndex: (ids: number[]) => bank.forIndex(d, ids),
    idsAfter: (after: number, limit: number) => repo.idsAfter(d.db, after, limit),
    setStats: (problemId: number, submit: number, accept: number) =>
      changing(problemId, repo.setStats(d.db, problemId, submit, accept)),
    setUserStatus: (userId: number, problemId: number, solved: boolean | null) =>
      repo.setUserStatus(d.db, userId, problemId, solved),
    /** `authorId`: the admin creating it (issue 22: sees every judged test's details). */
    add: (input: ProblemInput, authorId?: number) => added(bank.addProblem(d, input, [], authorId ?? null)),
    modify: (input: ProblemModifyInput) => changing(input.problem_id, bank.modifyProblem(d, input)),
    /**
     * Writing problems as a viewer (authoring.ts, issue 27 part 3): administrators, and teachers
     * their own class problems. `requireEditable` refuses (403) whoever may not edit the problem.
     */
    addAs: (viewer: Viewer, input: ProblemInput) => added(authoring.addAs(d, viewer, input)),
    modifyAs: (viewer: Viewer, input: ProblemModifyInput) =>
      changing(input.problem_id, authoring.modifyAs(d, viewer, input)),
    requireEditable: (viewer: Viewer, id: number) => authoring.requireEditable(d, viewer, id),
    /** The class problems whose records the viewer reads (teacher / TA of their classes), a subquery. */
    managedClassProblemIds: (viewer: Viewer) => d.classProblems?.managedIds(viewer),
    /** A teacher or TA of one of the problem's classes (reads its students' records of it). */
    managesClassProblem: async (viewer: Viewer, id: number) =>
      Boolean(await d.classProblems?.mayManage(viewer, id)),
    /** Live problems' id, name, difficulty and author (class problem lists). */
    briefs: (ids: number[]) => bank.briefs(d, ids),
    remove: (id: number) => changing(id, bank.removeProblem(d, id)),
    get: async (viewer: Viewer, id: number) => {
      const problem = await bank.getProblem(d, viewer, id);
      return { ...problem, has_video: (await hooks.hasVideo?.(id)) ?? false };
    },
    /**
     * The detail answer as cached bytes (a published problem, a viewer who is not an editor), or
     * null: answer with `get`, which decides who may see a hidden one.
     */
    cachedDetail: (viewer: Viewer, id: number) => answers.detail(viewer, id),
    /** Something the detail shows changed outside this module (the courses' solution video). */
    changed: (id: number) => answers.changed(id),
    /** 上一题 / 下一题 of the solving page, in bank order, among the problems the viewer may see. */
    neighbours: (viewer: Viewer, id: number) => bank.neighbours(d, viewer, id),
    search: (viewer: Viewer, q: AlgorithmQuery) => bank.searchBank(d, viewer, q, hooks.keywordIds),
    /** A visitor's bank page without a keyword as cached bytes, or null: answer with `search`. */
    cachedSearch: (viewer: Viewer, q: AlgorithmQuery) =>
      answers.bankPage(viewer, q, () => bank.searchBank(d, viewer, q, hooks.keywordIds)),
    difficultySum: (viewer: Viewer, difficulty: number | undefined) =>
      bank.difficultySum(d, viewer, difficulty),
    /**
     * A new problem with its test set in one transaction (imports: never half a problem); the
     * files are stored off the event loop (an import's may be hundreds of MiB: issue 22).
     */
    addWithTests: async (input: ProblemInput, pairs: TestPair[], authorId?: number) =>
      added(bank.addProblem(d, input, await testData.storeTests(d, pairs), authorId ?? null)),
    /** Every test of a problem, whole (exports). */
    testPairs: (problemId: number) => testData.storedPairs(d, problemId),
    setTests: (problemId: number, pairs: TestPair[]) =>
      changing(problemId, testData.setTests(d, problemId, pairs)),
    getTests: (problemId: number) => testData.getTests(d, problemId),
    zipTests: (problemId: number) => testData.zipTests(d, problemId),
    judgeSpec: (r: ProblemRow) => testData.judgeSpec(r),
    /** Its type (traditional, interactive, output-only: issue 24). */
    problemType: (r: ProblemRow) => problemTypeOf(r),
    /** Why a language cannot be submitted to it (a grader's C / C++ only, output-only none), or null. */
    languageRefusal: (r: ProblemRow, language: Language) => languageRefusal(judgingOf(r), language),
    /** Its judging (type, file I/O, interactor, grader, scoring); null = traditional. */
    judging: (r: ProblemRow) => judgingOf(r),
    /** How a program runs on it (interactor, file I/O, grader): custom tests run the same way. */
    programFields: (r: ProblemRow) => programFields(judgingOf(r)),
    /** Which test list a submission is judged against (stored with it: `submissions.tests_key`). */
    testsKey: (r: ProblemRow) => testsKeyOf(r),
    /** What records show of a problem's judged tests (issue 22); deleted problems too, null if none. */
    testSheet: (problemId: number) => sheets.of(problemId),
    /** Test data for remote judges: only hashes referenced by a problem are known. */
    testData: d.storage,
    daily: (viewer: Viewer) => daily.dailyOf(d, shanghaiDate(), viewer),
    setDaily: (problemId: number, date?: string) => daily.setDaily(d, problemId, date),
    last: (viewer: Viewer) => daily.lastOpened(d, viewer),
    setLast: (viewer: Viewer, input: ProblemLastInput) => daily.setLastOpened(d, viewer, input),
    /** Published problems per difficulty and how many the viewer solved (the home page). */
    progress: (viewer: Viewer) => progressOf(d, viewer),
    /** A user's solved problems by difficulty and tag, over the published bank or some problems (classes). */
    /** Solved by difficulty and tag, in the contract's shape (`ids` null: the published bank). */
    solvedBreakdown: async (userId: number, ids: number[] | null) =>
      presentBreakdown(await solvedBreakdown(d.db, userId, ids)),
    /** Ids of the problems a user solved that the viewer may see in the bank (a user card's 练习情况). */
    solvedIdsSeenBy: (viewer: Viewer, userId: number) =>
      solvedProblemIds(d.db, userId, !can(viewer, { action: 'problem.viewHidden' })),
  };
}
export type ProblemsService = ReturnType<typeof createProblemsService>;
