import type { CompetitionAddRequest, JoinsQuery, RankQuery, TopUser } from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import * as contests from './contests';
import { currentContests } from './current';
import * as extras from './extras';
import type { CompetitionsDeps, Contests } from './deps';
import { contestHistory } from './leaderboard';
import * as lifecycle from './lifecycle';
import { LiveBoards } from './live';
import * as participation from './participation';
import { forIndex, idsAfter } from './repo';
import * as standings from './standings';

type PageArgs = { PageNum?: number; pageNum?: number };

/**
 * The contests' operations bound to their dependencies and this node's live boards, for the
 * routes and the composition root. Each operation is a module-level function, grouped by job:
 * contests.ts (CRUD), participation.ts (join, problems, my records), gates.ts (who may submit or
 * answer), standings.ts (ranking, Excel), leaderboard.ts (contest history), lifecycle.ts (freeze,
 * finishing, rating).
 */
export function createCompetitionsService(deps: CompetitionsDeps) {
  const c: Contests = { ...deps, boards: new LiveBoards(deps), freezable: deps.rules.freezable };
  return {
    boards: c.boards,
    list: (viewer: Viewer, q: PageArgs) => contests.listContests(c, viewer, q),
    /** Running and upcoming contests, at most `limit` of each (the home page). */
    current: (viewer: Viewer, limit: number) => currentContests(c, viewer, limit),
    detail: (viewer: Viewer, id: number) => contests.contestDetail(c, viewer, id),
    edit: (viewer: Viewer, id: number) => contests.editView(c, viewer, id),
    create: (viewer: Viewer, req: CompetitionAddRequest, opts?: contests.CreateOptions) =>
      contests.createContest(c, viewer, req, opts),
    modify: (viewer: Viewer, id: number, req: CompetitionAddRequest) =>
      contests.modifyContest(c, viewer, id, req),
    remove: (id: number) => contests.removeContest(c, id),
    join: (viewer: Viewer, id: number, password: string | undefined) =>
      participation.joinContest(c, viewer, id, password),
    cancel: (viewer: Viewer, id: number) => participation.cancelJoin(c, viewer, id),
    problems: (viewer: Viewer, id: number) => participation.problemList(c, viewer, id),
    problem: (viewer: Viewer, id: number, index: number) =>
      participation.contestProblem(c, viewer, id, index),
    records: (viewer: Viewer, q: { competition_id: number } & PageArgs) =>
      participation.myRecords(c, viewer, q),
    rank: (viewer: Viewer, q: RankQuery) => standings.rankPage(c, viewer, q),
    excel: (id: number) => standings.rankExcel(c, id),
    ratingPage: (pageNum: number, pageSize: number) => c.users.ratedPage(pageNum, pageSize),
    top: async (): Promise<TopUser[]> => (await c.users.ratedPage(1, 10)).records,
    joins: (viewer: Viewer, q: JoinsQuery) => contestHistory(c, viewer, q),
    /** The search index's reads (modules/search). */
    forIndex: (ids: number[]) => forIndex(c, ids),
    idsAfter: (after: number, limit: number) => idsAfter(c, after, limit),
    /** What the clarifications and similarity modules ask (issue 18, wired in services.ts). */
    extras: {
      access: (viewer: Viewer, id: number) => extras.contestAccess(c, viewer, id),
      facts: (id: number) => extras.contestFacts(c, id),
      names: (ids: number[]) => extras.contestNames(c, ids),
      endedProgramming: () => extras.endedProgrammingContests(c),
    },
    freeze: (id: number, minutes: number | undefined) => lifecycle.freeze(c, id, minutes),
    unfreeze: (id: number) => lifecycle.unfreeze(c, id),
    setRated: (id: number, rated: boolean) => lifecycle.setRated(c, id, rated),
    recomputeRating: (id: number) => lifecycle.recomputeRating(c, id),
    finishEnded: () => lifecycle.finishEnded(c),
    drain: () => c.boards.drain(),
  };
}
export type CompetitionsService = ReturnType<typeof createCompetitionsService>;
