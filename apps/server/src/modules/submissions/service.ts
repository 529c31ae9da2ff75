import type {
  AnswersRequest,
  ContestRecordFilter,
  CustomTestRequest,
  JudgeRequest,
  JudgeResult,
  RecordsQuery,
  SubmissionRecord,
} from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import { codeAccess } from './code-access';
import type { SubmissionsServiceDeps } from './deps';
import { dailyPractice, homeworkInsightTries, type InsightWindow } from './homework-insight';
import { homeworkStats } from './homework-stats';
import * as judging from './judging';
import { ProgressFeed } from './progress-feed';
import * as records from './records';
import * as repo from './repo';
import * as sources from './sources';
import { CustomSlots, customTest, submit, submitAnswers, type SubmitOptions } from './submit';
import type { TestRule } from './test-details';

export type { JudgeStats } from './judging';

/**
 * The submissions' operations bound to their dependencies, for the routes and other modules. Each
 * operation is a module-level function (submit.ts, judging.ts, records.ts, sources.ts) taking them
 * explicitly; their SQL is in repo.ts and records-repo.ts.
 */
export function createSubmissionsService(deps: SubmissionsServiceDeps) {
  const d = {
    ...deps,
    state: judging.newJudgeState(),
    feed: new ProgressFeed(deps.bus),
    contestGate: deps.contests.gate,
    curtainFor: deps.contests.freezeRule,
    contestReadable: deps.contests.mayRead,
    teammates: deps.contests.teammates,
    customSlots: new CustomSlots(),
  };
  judging.listenToQueue(d);
  return {
    stats: d.state.stats,
    /** This node's view of judging progress (the SSE streams read it). */
    feed: d.feed,
    drain: () => judging.drain(d),
    /** The one code-visibility rule (code-access.ts): own / admin, or shared by its owner where allowed. */
    codeAccess: (viewer: Viewer, id: number, sharedByOwner: boolean) =>
      codeAccess(d, viewer, id, sharedByOwner),
    /** A freeze was set or lifted: the problems' public counters follow (judging.ts refreshCounters). */
    recountProblems: (problemIds: number[]) => judging.recountProblems(d, problemIds),
    submit: (viewer: Viewer, req: JudgeRequest, opts?: SubmitOptions) => submit(d, viewer, req, opts),
    /** An output-only problem's answer files (issue 24). */
    submitAnswers: (viewer: Viewer, req: AnswersRequest) => submitAnswers(d, viewer, req),
    rejudgeSubmission: (id: number) => judging.rejudgeSubmission(d, id),
    rejudgeProblem: (problemId: number) => judging.rejudgeProblem(d, problemId),
    recover: () => judging.recover(d),
    /** Rejudge sets (modules/rejudge): a trial run under the caller's job id, the row untouched. */
    queueTrial: (id: number, job: string) => judging.queueTrial(d, id, job),
    /** Rejudge sets: a contest's submissions (or one problem's, or one) with their stored verdicts. */
    contestRuns: (contestId: number, only: { index?: number; id?: number }) =>
      repo.contestRuns(d.db, contestId, only),
    /** Rejudge sets: the verdict a result is stored with. */
    verdictOf: (r: JudgeResult) => judging.verdictOf(r),
    /** Rejudge sets, applied: a trial's result stored as a rejudge's (new judge version, events, counters). */
    storeJudged: (id: number, r: JudgeResult, run: { testsKey: string; testTotal: number }) =>
      judging.storeJudged(d, id, r, run),
    record: (viewer: Viewer, id: number) => records.record(d, viewer, id),
    /** A verdict a stream heard (`carried` on the bus), as the viewer may see it (records.ts). */
    verdictFor: (viewer: Viewer, id: number, carried: SubmissionRecord, rule: TestRule | null) =>
      records.verdictFor(d, viewer, id, carried, rule),
    /** What the viewer may see of the tests of a submission's run under way (the streams). */
    testRule: (viewer: Viewer, id: number) => records.testRule(d, viewer, id),
    list: (viewer: Viewer, q: RecordsQuery) => records.listPage(d, q, { viewer }),
    listMine: (viewer: Viewer, q: RecordsQuery) => records.listPage(d, q, { userId: viewer.uuid, viewer }),
    /** Public counts (the problem's records pager, the records page): hidden problems left out. */
    sumOfProblem: (viewer: Viewer, problemId: number | undefined) =>
      records.sumOfProblem(d, viewer, problemId),
    sumOfUser: async (viewer: Viewer, problemId?: number) =>
      records.sum(d, { userId: viewer.uuid, problemId }, await d.curtainFor(viewer)),
    /** Whether the viewer may not see a try's verdict now (a running OI contest hides the author's too). */
    hidesFrom: (viewer: Viewer, s: Parameters<typeof records.hidesFrom>[2]) =>
      records.hidesFrom(d, viewer, s),
    /** An OI contest ended: its tries' users' statuses and the problems' counters take the verdicts. */
    recountContest: (contestId: number) => judging.recountContest(d, contestId),
    /** The viewer's submissions in one contest, all or one kind (the contests module checks the contest). */
    ofContest: (
      viewer: Viewer,
      contestId: number,
      page: { pageNum: number; pageSize: number },
      filter?: ContestRecordFilter,
    ) => records.contestPage(d, viewer, contestId, page, filter),
    /** Submissions made in a contest while it ran (the contests module loading a scoreboard). */
    contestTries: (contest: { id: number; start_time: string; end_time: string }) =>
      records.contestTries(d, contest),
    /** A user's tries of a virtual run since it started (issue 26 part 2: the virtual board). */
    virtualTries: (contestId: number, userId: number, since: string) =>
      records.virtualTries(d, contestId, userId, since),
    /** One try with its points (a scored contest rule's board heard its verdict). */
    contestTry: (id: number) => records.contestTry(d, id),
    dailyCounts: (uuid: number, year: number) => records.dailyCounts(d, uuid, year),
    /** Classes' homework: each user × problem's tries in a window, one grouped statement (homework-stats.ts). */
    homeworkStats: (
      userIds: number[],
      problemIds: number[],
      window: { from: string; deadline: string; to: string },
    ) => homeworkStats(d.db, userIds, problemIds, window),
    /** Classes' 学情分析: verdicts, tries before AC and first failed tests, grouped reads (homework-insight.ts). */
    homeworkInsight: (userIds: number[], problemIds: number[], window: InsightWindow) =>
      homeworkInsightTries(d.db, userIds, problemIds, window),
    /** A user's tries and accepted tries per day from a date on (a class's student heatmap). */
    dailyPractice: (userId: number, fromDate: string) => dailyPractice(d.db, userId, fromDate),
    custom: (_viewer: Viewer, req: CustomTestRequest) => customTest(d, req),
    /** Code similarity (issue 18): the programs to compare, and their sources for the side-by-side view. */
    contestSources: (contest: { id: number; end_time: string }) => sources.contestSources(d, contest),
    sourcesOf: (ids: number[]) => sources.sourcesOf(d, ids),
    close: () => d.feed.close(),
  };
}
export type SubmissionsService = ReturnType<typeof createSubmissionsService>;
