import type {
  AdminTeamQuery,
  AdminTeamSave,
  AdminTeamUnofficial,
  TeamAddMemberRequest,
  TeamCreateRequest,
  TeamJoinRequest,
  TeamRemoveMemberRequest,
  BulkAccountsRequest,
  CompetitionAddRequest,
  ContestRecordFilter,
  JoinsQuery,
  RankQuery,
} from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import { nowIso } from '../../lib/time';
import * as contests from './contests';
import { currentContests } from './current';
import * as extras from './extras';
import type { CompetitionsDeps, Contests } from './deps';
import { ExamContests, examMine } from './exam';
import { balloonList, deliverBalloon } from './balloons';
import * as awards from './awards';
import { accountsWorkbook, createBulkAccounts } from './accounts-bulk';
import { contestHistory, ratingPage, topUsers } from './leaderboard';
import * as lifecycle from './lifecycle';
import { LiveBoards } from './live';
import * as participation from './participation';
import * as repo from './repo';
import * as standings from './standings';
import * as runs from './virtual';
import * as rejudgeBoard from './rejudge-board';
import * as teams from './teams';
import * as classRule from './class-rule';
import type { CompetitionRow } from './tables';

/** Running contests whose boards are loaded at start-up, at most (the ones ending soonest). */
const WARM_BOARDS = 20;

type PageArgs = { PageNum?: number; pageNum?: number };

/**
 * The contests' operations bound to their dependencies and this node's live boards, for the
 * routes and the composition root. Each operation is a module-level function, grouped by job:
 * contests.ts (CRUD), participation.ts (join, problems, my records), gates.ts (who may submit or
 * answer), standings.ts (ranking, Excel), leaderboard.ts (contest history), lifecycle.ts (freeze,
 * finishing, rating).
 */
export function createCompetitionsService(deps: CompetitionsDeps) {
  const d: Contests = { ...deps, boards: new LiveBoards(deps), freezable: deps.rules.freezable };
  // Any contest change, here or on another node, may start an exam or change its people (exam.ts).
  const exams = new ExamContests(deps.db);
  deps.bus.on('contest.changed', () => exams.invalidate());
  // 打星 marks and medals of the boards (awards.ts), read again after any change of the contest.
  const withAwards = { ...d, unofficial: new awards.UnofficialSets(deps.db) };
  deps.bus.on('contest.changed', (e) => withAwards.unofficial.invalidate(e.competition_id));
  return {
    boards: d.boards,
    list: (viewer: Viewer, q: PageArgs) => contests.listContests(d, viewer, q),
    /** Running and upcoming contests, at most `limit` of each (the home page). */
    current: (viewer: Viewer, limit: number) => currentContests(d, viewer, limit),
    detail: (viewer: Viewer, id: number) => contests.contestDetail(d, viewer, id),
    edit: (viewer: Viewer, id: number) => contests.editView(d, viewer, id),
    create: (viewer: Viewer, req: CompetitionAddRequest, opts?: contests.CreateOptions) =>
      contests.createContest(d, viewer, req, opts),
    modify: (viewer: Viewer, id: number, req: CompetitionAddRequest) =>
      contests.modifyContest(d, viewer, id, req),
    remove: (id: number) => contests.removeContest(d, id),
    join: (viewer: Viewer, id: number, password: string | undefined) =>
      participation.joinContest(d, viewer, id, password),
    cancel: (viewer: Viewer, id: number) => participation.cancelJoin(d, viewer, id),
    problems: (viewer: Viewer, id: number) => participation.problemList(d, viewer, id),
    problem: (viewer: Viewer, id: number, index: number) =>
      participation.contestProblem(d, viewer, id, index),
    records: (viewer: Viewer, q: { competition_id: number; mode?: ContestRecordFilter } & PageArgs) =>
      participation.myRecords(d, viewer, q),
    rank: (viewer: Viewer, q: RankQuery) =>
      standings
        .rankPage(d, viewer, q)
        // A virtual board is a moment of the contest: no final medals on it.
        .then((page) => (page.virtual ? page : awards.withAwards(withAwards, q.competition_id, page))),
    /** Team contests (issue 26 part 3, teams.ts). */
    teams: {
      mine: (viewer: Viewer, id: number) => teams.myTeam(d, viewer, id),
      list: (viewer: Viewer, id: number) => teams.teamList(d, viewer, id),
      create: (viewer: Viewer, req: TeamCreateRequest) => teams.createTeam(d, viewer, req),
      join: (viewer: Viewer, req: TeamJoinRequest) => teams.joinTeam(d, viewer, req),
      addMember: (viewer: Viewer, req: TeamAddMemberRequest) => teams.addMemberByAccount(d, viewer, req),
      removeMember: (viewer: Viewer, req: TeamRemoveMemberRequest) => teams.removeMember(d, viewer, req),
      leave: (viewer: Viewer, id: number) => teams.leaveTeam(d, viewer, id),
      dissolve: (viewer: Viewer, id: number) => teams.dissolveTeam(d, viewer, id),
      adminSave: (viewer: Viewer, req: AdminTeamSave) => teams.adminSaveTeam(d, viewer, req),
      adminDelete: (q: AdminTeamQuery) => teams.adminDeleteTeam(d, q),
      adminUnofficial: (q: AdminTeamUnofficial) => teams.adminSetTeamUnofficial(d, q),
    },
    /** Class contests (issue 27 part 3, class-rule.ts): a class's list, who may see one. */
    classContests: {
      ofClass: (viewer: Viewer, classId: number) => contests.classContests(d, viewer, classId),
      checkSee: (viewer: Viewer, row: CompetitionRow) => classRule.checkMaySeeClassContest(d, viewer, row),
      refusal: (viewer: Viewer, row: CompetitionRow) => classRule.outsiderRefusal(d, viewer, row),
    },
    /** Window contests and virtual runs (issue 26 part 2, virtual.ts). */
    runs: {
      mine: (viewer: Viewer, id: number) => runs.myRun(d, viewer, id),
      startWindow: (viewer: Viewer, id: number) => runs.startWindow(d, viewer, id),
      startVirtual: (viewer: Viewer, id: number) => runs.startVirtual(d, viewer, id),
    },
    excel: (id: number) => awards.awardsExcel(withAwards, id),
    ratingPage: (pageNum: number, pageSize: number) => ratingPage(d, pageNum, pageSize),
    top: () => topUsers(d),
    joins: (viewer: Viewer, q: JoinsQuery) => contestHistory(d, viewer, q),
    /** The search index's reads (modules/search). */
    forIndex: (ids: number[]) => repo.forIndex(d.db, ids),
    idsAfter: (after: number, limit: number) => repo.idsAfter(d.db, after, limit),
    /** What the clarifications and similarity modules ask (issue 18, wired in services.ts). */
    extras: {
      access: (viewer: Viewer, id: number) => extras.contestAccess(d, viewer, id),
      facts: (id: number) => extras.contestFacts(d, id),
      names: (ids: number[]) => extras.contestNames(d, ids),
      endedProgramming: () => extras.endedProgrammingContests(d),
    },
    freeze: (id: number, minutes: number | undefined) => lifecycle.freeze(d, id, minutes),
    unfreeze: (id: number) => lifecycle.unfreeze(d, id),
    setRated: (id: number, rated: boolean) => lifecycle.setRated(d, id, rated),
    recomputeRating: (id: number) => lifecycle.recomputeRating(d, id),
    /** Rejudge sets (modules/rejudge): the board with some verdicts replaced, and what follows an apply. */
    rejudge: {
      boardDiff: (id: number, overrides: Map<number, rejudgeBoard.TryOverride>) =>
        rejudgeBoard.boardDiff(d, id, overrides),
      afterApply: (id: number) => rejudgeBoard.afterRejudge(d, id),
    },
    finishEnded: () => lifecycle.finishEnded(d),
    drain: () => d.boards.drain(),
    /** The boards of the contests running now, loaded at start-up (issue 28: the first page after a restart). */
    warmBoards: async () =>
      d.boards.warm((await repo.currentContestRows(d.db, 'running', nowIso(), WARM_BOARDS)).map((c) => c.id)),
    /** Exam mode (issue 26): what the exam guard asks, and the user site's question. */
    exam: {
      exams,
      submissionOf: (viewer: Viewer, id: number) => deps.submissions.record(viewer, id).catch(() => null),
      mine: (viewer: Viewer, ip: string) => examMine(exams, viewer, ip),
    },
    /** On-site tools (issue 26 part 5). */
    onsite: {
      balloons: (id: number) => balloonList(d, id),
      deliver: (
        viewer: Viewer,
        q: { competition_id: number; uuid: number; index: number; delivered: number },
      ) => deliverBalloon(d, viewer, q),
      awards: (id: number) => awards.awardsView(d, id),
      setMedals: (q: { competition_id: number; gold: number; silver: number; bronze: number }) =>
        awards.setMedals(d, q),
      setUnofficial: (q: { competition_id: number; uuid: number; unofficial: number }) =>
        awards.setUnofficial(d, q),
      bulkAccounts: async (id: number, req: BulkAccountsRequest) => {
        const accounts = await createBulkAccounts(d, id, req);
        return accountsWorkbook((await repo.contestRow(d.db, id)).name, accounts);
      },
    },
  };
}
export type CompetitionsService = ReturnType<typeof createCompetitionsService>;
