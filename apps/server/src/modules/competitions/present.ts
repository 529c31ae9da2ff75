import {
  type CellResult,
  cellLabel,
  cellState,
  type CompetitionInfo,
  type ContestState,
  type RankCell,
  NEW_USER_RATING,
  type RankRow,
  type ScoredCell,
} from '@oj/shared';
import type { CompetitionRow } from './tables';
import type { Viewer } from '../../lib/auth';
import { can } from '../../lib/permissions';
import type { LiveBoard } from './live';
import type { Standing } from './ranking/scoreboard';
import { isOiRunning, ruleOf } from './scoring-rule';

export function stateOf(c: Pick<CompetitionRow, 'start_time' | 'end_time'>, now = Date.now()): ContestState {
  if (now < Date.parse(c.start_time)) return 'upcoming';
  return now < Date.parse(c.end_time) ? 'running' : 'ended';
}

/**
 * Whether others see the frozen board now: from `freeze_minutes` before the end until an admin
 * unfreezes (the freeze outlasts the end, as in ICPC, so results are revealed on purpose).
 */
export function isFrozenNow(
  c: Pick<CompetitionRow, 'end_time' | 'freeze_minutes' | 'unfrozen'> & { rule?: string },
  now = Date.now(),
): boolean {
  // OI hides everything until the end and then shows everything: no freeze.
  if (c.rule === 'oi') return false;
  return c.freeze_minutes > 0 && !c.unfrozen && now >= Date.parse(c.end_time) - c.freeze_minutes * 60_000;
}

export const subjectOf = (c: CompetitionRow) => ({
  ownerUuid: c.owner_id,
  started: Date.now() >= Date.parse(c.start_time),
});

/**
 * Whether a running OI contest hides its results from this viewer: everyone but admins and the
 * contest's creator (the board, the problem list's counts and statuses, the profile's rank).
 */
export const oiHidesFrom = (viewer: Viewer, c: CompetitionRow) =>
  isOiRunning(c) && !can(viewer, { action: 'contest.preview', subject: subjectOf(c) });

export function presentInfo(
  c: CompetitionRow,
  extra: {
    participants: number;
    problemCount: number;
    ownerName: string;
    ownerRating: number;
    ownerRated: boolean;
    joined: boolean;
    /** A 班级比赛 (class-rule.ts): listed for everyone with its tag. */
    classContest?: boolean;
  },
  viewer: Viewer,
): CompetitionInfo {
  return {
    competition_id: c.id,
    name: c.name,
    type: c.type,
    start_time: c.start_time,
    end_time: c.end_time,
    state: stateOf(c),
    has_password: c.password_hash !== null,
    rated: c.rated === 1,
    freeze_minutes: c.freeze_minutes,
    rule: ruleOf(c),
    frozen: isFrozenNow(c),
    rating_applied: c.rating_applied === 1,
    participants: extra.participants,
    problem_count: extra.problemCount,
    owner_uuid: c.owner_id,
    owner_name: extra.ownerName,
    owner_rating: extra.ownerRating,
    owner_rated: extra.ownerRated,
    joined: extra.joined,
    editable: can(viewer, { action: 'contest.edit', subject: subjectOf(c) }),
    exam_mode: c.exam_mode === 1,
    window_minutes: c.window_minutes,
    team_size: c.team_size,
    class_contest: extra.classContest ?? false,
  };
}

export function presentCell(c: CellResult, first: boolean): RankCell {
  const cell: RankCell = {
    state: cellState(c, first),
    rejected: c.rejected,
    pending: c.pending,
    minute: c.acMs === null ? null : Math.floor(c.acMs / 60_000),
    label: cellLabel(c),
  };
  // Scored rules: the points, and the minute the cell reached them (IOI's tie-break).
  if (!('score' in c)) return cell;
  const s = c as ScoredCell;
  // Fields set one by one, not spread: a page presents a thousand cells per verdict.
  cell.score = s.fullScore === null ? null : s.score;
  cell.full_score = s.fullScore;
  cell.minute = s.scoreMs === null ? null : Math.floor(s.scoreMs / 60_000);
  cell.label = s.fullScore === null ? (s.pending ? `?${s.pending}` : '') : String(s.score);
  return cell;
}

/** One scoreboard row; `frozen` picks the first-solver marks of the view shown. */
/** A row of the ranking; `frozen`: the view others have during a freeze (first solvers included). */
export function presentRankRow(
  board: LiveBoard,
  s: Standing,
  rank: number,
  view: { frozen: boolean },
): RankRow {
  const { frozen } = view;
  const person = board.people.get(s.userId);
  const team = board.teams?.byKey.get(s.userId);
  return {
    rank,
    uuid: s.userId,
    ...(team
      ? { team: { team_id: team.id, name: team.name, affiliation: team.affiliation, members: team.members } }
      : {}),
    username: person?.username ?? '',
    rating: person?.rating ?? NEW_USER_RATING,
    rated: person?.rated ?? false,
    solved: s.totals.solved,
    penalty: s.totals.penalty,
    ...(s.totals.score === undefined ? {} : { score: s.totals.score }),
    cells: s.cells.map((c, i) => presentCell(c, board.sb.firstSolver({ frozen }, i) === s.userId)),
  };
}
