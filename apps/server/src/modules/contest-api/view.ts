import type { Language } from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import { forbidden, notFound } from '../../lib/errors';
import { can } from '../../lib/permissions';
import type { ContestLogRow } from '../submissions';
import type { UserRow } from '../users';
import type { ContestApiDeps } from './deps';

/** A contest's live board as the competitions module keeps it. */
export type Board = NonNullable<Awaited<ReturnType<ContestApiDeps['competitions']['boards']['fresh']>>>;

/** Who asks, and what the contest pages would let them see. */
export interface Caller {
  viewer: Viewer;
  /** The true results behind a freeze (our board's `contest.viewUnfrozen`: admins). */
  admin: boolean;
  /** Admins and the contest's author: they see its problems before the start. */
  manager: boolean;
  /** May read the contest's problems, submissions, board (gates.ts checkMayRead, as on the site). */
  readable: boolean;
  /** A class contest's outsider: the contest pages' refusal (competitions/class-rule.ts). */
  classRefusal: string | null;
}

/** Everything one caller's answers are made of, read once per answer (a handful of statements). */
export interface ContestData {
  caller: Caller;
  board: Board;
  now: number;
  startMs: number;
  endMs: number;
  /** The board's rows (a participant each, or a team in a team contest), in key order. */
  teamIds: number[];
  /** A board row's API team id: the user's id, or in a team contest the team's id (issue 26 part 3). */
  apiTeamId: (key: number) => string;
  /** The board row a user's tries count under: their team's in a team contest, else their own. */
  keyOfUser: (userId: number) => number;
  users: Map<number, UserRow>;
  joinTimes: Map<number, string>;
  /** 打星 participants: ranked, but no medal (competitions/awards.ts). */
  unofficial: Set<number>;
  submissions: ContestLogRow[];
  problems: Map<number, { name: string; timeLimitMs: number; tests: number }>;
  languages: Language[];
  clarifications: Awaited<ReturnType<ContestApiDeps['clarifications']['board']>> | null;
}

/** The board of a programming contest, or 404 (deleted, unknown, a math / 408 contest). */
export async function boardOf(d: ContestApiDeps, id: number): Promise<Board> {
  const board = Number.isSafeInteger(id) && id > 0 ? await d.competitions.boards.fresh(id) : null;
  if (!board || board.contest.type !== 1) throw notFound(`比赛 ${id} 不存在或不是程序设计比赛`);
  return board;
}

/** The caller's standing: the same rule as the contest pages (password contests, the start). */
export async function callerOf(d: ContestApiDeps, viewer: Viewer, id: number): Promise<Caller> {
  const access = await d.competitions.extras.access(viewer, id);
  const readable =
    !access.class_refusal &&
    (access.manager || (access.state !== 'upcoming' && (!access.has_password || access.joined)));
  return {
    viewer,
    admin: can(viewer, { action: 'contest.viewUnfrozen' }),
    manager: access.manager,
    readable,
    classRefusal: access.class_refusal,
  };
}

/** Refuses a caller who may not read the contest, with the contest page's reason. */
export function requireReadable(caller: Caller, board: Board): void {
  if (caller.readable) return;
  if (caller.classRefusal) throw forbidden(caller.classRefusal);
  if (Date.now() < Date.parse(board.contest.start_time)) throw forbidden('比赛尚未开始，比赛数据暂不可见');
  throw forbidden('该比赛设有密码，报名参加后才能查看比赛数据');
}

/** Reads what the caller's answers need; the caller must be allowed to read the contest. */
export async function loadContest(d: ContestApiDeps, viewer: Viewer, id: number): Promise<ContestData> {
  const board = await boardOf(d, id);
  const caller = await callerOf(d, viewer, id);
  requireReadable(caller, board);
  const contest = board.contest;
  const teamIds = board.sb
    .all({ frozen: false })
    .map((r) => r.standing.userId)
    .sort((a, b) => a - b);
  const team = new Set(teamIds);
  const teams = board.teams;
  const keyOfUser = (userId: number) => teams?.keyOfUser.get(userId) ?? userId;
  const apiTeamId = (key: number) => String(teams?.byKey.get(key)?.id ?? key);
  const [users, participants, log, rows, clarifications] = await Promise.all([
    // A team contest: the members (the API's accounts); else each participant.
    d.users.byIds(teams ? [...teams.keyOfUser.keys()] : teamIds),
    d.reads.participants(id),
    d.log.ofContest(contest),
    d.problems.forIndex(board.problems.map((p) => p.problem_id)),
    d.clarifications.board(viewer, id).catch(() => null),
  ]);
  const { joinTimes } = participants;
  // 打星: participants, or in a team contest the teams marked so (by board key).
  const unofficial = teams
    ? new Set([...teams.byKey].filter(([, t]) => t.unofficial).map(([key]) => key))
    : participants.unofficial;
  const byId = new Map(rows.map((r) => [r.id, r]));
  const problems = new Map(
    board.problems.map((p) => {
      const row = byId.get(p.problem_id);
      return [
        p.idx,
        {
          name: p.title || row?.chinese_name || p.display_name,
          timeLimitMs: row?.time_limit ?? 1000,
          tests: row?.test_case_num ?? 0,
        },
      ];
    }),
  );
  return {
    caller,
    board,
    now: Date.now(),
    startMs: Date.parse(contest.start_time),
    endMs: Date.parse(contest.end_time),
    teamIds,
    apiTeamId,
    keyOfUser,
    users: new Map(users.map((u) => [u.id, u])),
    joinTimes,
    unofficial,
    // Tries of participants at the contest's problems; others (its author testing) are no team's.
    submissions: log.filter((s) => team.has(keyOfUser(s.user_id)) && problems.has(s.problem_index!)),
    problems,
    languages: d.languages.available(),
    clarifications,
  };
}

/** The contest's rule (issue 26): ICPC unless a scored rule is set. */
export const ruleOf = (data: Pick<ContestData, 'board'>): string =>
  (data.board.sb as { rule?: string }).rule ?? 'icpc';

/** Pass-fail (ICPC) or score (OI, IOI). */
export const scoreboardType = (data: Pick<ContestData, 'board'>) =>
  ruleOf(data) === 'icpc' ? ('pass-fail' as const) : ('score' as const);

/** ms from the epoch when the freeze begins, or null (none set, or lifted). */
export function freezeStartMs(board: Board): number | null {
  const c = board.contest;
  if (c.freeze_minutes <= 0) return null;
  return Math.max(Date.parse(c.start_time), Date.parse(c.end_time) - c.freeze_minutes * 60_000);
}

/**
 * Whether a submission's verdict is hidden from the caller now, as on our board and every read
 * path (competitions/freeze-rule.ts): during a freeze, others' tries from its start; in a running
 * OI contest, every verdict (its authors' own too). Admins see everything.
 */
export function hiddenFor(data: ContestData, s: Pick<ContestLogRow, 'user_id' | 'create_time'>): boolean {
  if (data.caller.admin) return false;
  const c = data.board.contest;
  if (ruleOf(data) === 'oi' && data.now >= data.startMs && data.now < data.endMs) return true;
  const from = freezeStartMs(data.board);
  if (from === null || c.unfrozen || data.now < from) return false;
  return (
    data.keyOfUser(s.user_id) !== data.keyOfUser(data.caller.viewer.uuid) && Date.parse(s.create_time) >= from
  );
}

/**
 * When a verdict became visible to the caller: judged, or later revealed (the freeze lifted: the
 * contest's update time; an OI contest: its end). The event feed orders and resumes by it.
 */
export function revealMs(data: ContestData, s: ContestLogRow): number {
  const judged = s.judge_time ? Date.parse(s.judge_time) : Date.parse(s.create_time);
  if (data.caller.admin) return judged;
  if (ruleOf(data) === 'oi') return Math.max(judged, data.endMs);
  const from = freezeStartMs(data.board);
  const c = data.board.contest;
  if (
    from !== null &&
    c.unfrozen &&
    Date.parse(s.create_time) >= from &&
    data.keyOfUser(s.user_id) !== data.keyOfUser(data.caller.viewer.uuid)
  )
    return Math.max(judged, Date.parse(c.update_time));
  return judged;
}
