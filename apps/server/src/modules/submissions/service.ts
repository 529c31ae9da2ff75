import type { JudgeQueue } from '@oj/judge';
import type { CustomTestRequest, JudgeRequest, RecordsQuery } from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import { can } from '../../lib/permissions';
import type { SubmissionContests, SubmissionsDeps } from './deps';
import * as judging from './judging';
import { ProgressFeed } from './progress-feed';
import { codeAccess, type ReplaySink } from './code-access';
import * as records from './records';
import { CustomSlots, customTest, submit, type SubmitOptions } from './submit';

export type { JudgeStats } from './judging';


import * as sources from './sources';
/**
 * The submissions' operations bound to their dependencies, for the routes and other modules. Each
 * operation is a module-level function (submit.ts, judging.ts, records.ts) taking them explicitly.
 */
export function createSubmissionsService(
  deps: SubmissionsDeps & {
    queue: JudgeQueue;
    contests: SubmissionContests;
    /** Where timelines sent with submissions go (the replays module's sink). */
    replays: ReplaySink;
  },
) {
  const state = judging.newJudgeState();
  const feed = new ProgressFeed(deps.bus);
  const j = {
    ...deps,
    state,
    feed,
    contestGate: deps.contests.gate,
    curtainFor: deps.contests.freezeRule,
    contestReadable: deps.contests.mayRead,
    customSlots: new CustomSlots(),
  };
  judging.listenToQueue(j);
  return {
    stats: state.stats,
    /** This node's view of judging progress (the SSE streams read it). */
    feed,
    drain: () => judging.drain(j),
    /** The one code-visibility rule (code-access.ts): own / admin, or shared by its owner where allowed. */
    codeAccess: (viewer: Viewer, id: number, sharedByOwner: boolean) =>
      codeAccess(j, viewer, id, sharedByOwner),
    /** A freeze was set or lifted: the problems' public counters follow (judging.ts refreshCounters). */
    async recountProblems(problemIds: number[]): Promise<void> {
      for (const id of new Set(problemIds)) await judging.refreshCounters(j, id);
    },
    submit: (viewer: Viewer, req: JudgeRequest, opts?: SubmitOptions) => submit(j, viewer, req, opts),
    rejudgeSubmission: (id: number) => judging.rejudgeSubmission(j, id),
    rejudgeProblem: (problemId: number) => judging.rejudgeProblem(j, problemId),
    recover: () => judging.recover(j),
    record: (viewer: Viewer, id: number) => records.record(j, viewer, id),
    snapshot: (viewer: Viewer, id: number) => records.snapshot(j, viewer, id),
    /** What the viewer may see of the tests of a submission's run under way (the streams). */
    testRule: (viewer: Viewer, id: number) => records.testRule(j, viewer, id),
    list: (viewer: Viewer, q: RecordsQuery) => records.listPage(j, q, { viewer }),
    listMine: (viewer: Viewer, q: RecordsQuery) => records.listPage(j, q, { userId: viewer.uuid }),
    /** Public counts (the problem's records pager, the records page): hidden problems left out. */
    sumOfProblem: async (viewer: Viewer, problemId: number | undefined) =>
      records.sum(
        j,
        { problemId, hidden: can(viewer, { action: 'problem.viewHidden' }) ? undefined : deps.problems.hiddenIds() },
        await j.curtainFor(viewer),
      ),
    sumOfUser: (viewer: Viewer, problemId?: number) => records.sum(j, { userId: viewer.uuid, problemId }),
    /** The viewer's submissions in one contest (the contests module checks the contest). */
    ofContest: (viewer: Viewer, contestId: number, page: { pageNum: number; pageSize: number }) =>
      records.contestPage(j, viewer, contestId, page),
    /** Submissions made in a contest while it ran (the contests module loading a scoreboard). */
    contestTries: (contest: { id: number; start_time: string; end_time: string }) =>
      records.contestTries(j, contest),
    dailyCounts: (uuid: number, year: number) => records.dailyCounts(j, uuid, year),
    custom: (_viewer: Viewer, req: CustomTestRequest) => customTest(j, req),
    /** Code similarity (issue 18): the programs to compare, and their sources for the side-by-side view. */
    contestSources: (contest: { id: number; end_time: string }) => sources.contestSources(j, contest),
    sourcesOf: (ids: number[]) => sources.sourcesOf(j, ids),
    close: () => feed.close(),
  };
}
export type SubmissionsService = ReturnType<typeof createSubmissionsService>;
