import {
  type ContestProblem,
  type ContestRecordFilter,
  type ContestProblemItem,
  NEW_USER_RATING,
  type RecordPage,
} from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import { badRequest, forbidden, notFound, rateLimited } from '../../lib/errors';
import { can } from '../../lib/permissions';
import { presentProblem } from '../problems';
import { verifyPassword } from '../users';
import { problemNames } from './contests';
import { type Contests, ContestType, pageOf } from './deps';
import { checkMayRegister } from './class-rule';
import { checkMayRead } from './gates';
import { oiHidesFrom, stateOf } from './present';
import { deleteParticipant, insertParticipant, isJoined } from './participants-repo';
import { contestRow, problemRow } from './repo';
import { virtualView } from './virtual';
import { keyOf } from './live';

export async function joinContest(
  d: Contests,
  viewer: Viewer,
  id: number,
  password: string | undefined,
): Promise<void> {
  const contest = await contestRow(d.db, id);
  if (stateOf(contest) === 'ended') throw badRequest('比赛已结束，无法报名');
  if (contest.team_size > 0) throw badRequest('本场比赛是团队赛，请创建队伍或凭邀请码加入队伍');
  // A class contest: members of its classes only, read fresh (a removed member is refused).
  await checkMayRegister(d, viewer, contest);
  if (contest.password_hash) {
    await d.limiter.check('login', `contest-join:${viewer.uuid}`).catch(() => {
      throw rateLimited('密码尝试过于频繁，请稍后再试');
    });
    if (!(await verifyPassword(contest.password_hash, password ?? ''))) throw forbidden('比赛密码错误');
  }
  if (await isJoined(d.db, id, viewer.uuid)) return;
  await insertParticipant(d.db, id, viewer.uuid);
  const u = await d.users.byId(viewer.uuid);
  await d.boards.join(id, viewer.uuid, {
    username: u?.username ?? '',
    rating: u?.rating ?? NEW_USER_RATING,
    rated: u?.rated ?? false,
  });
  d.bus.emit('contest.changed', { competition_id: id });
}

export async function cancelJoin(d: Contests, viewer: Viewer, id: number): Promise<void> {
  const contest = await contestRow(d.db, id);
  if (stateOf(contest) !== 'upcoming') throw badRequest('比赛已开始，无法取消报名');
  if (contest.team_size > 0) throw badRequest('本场比赛是团队赛，请退出或解散队伍');
  if (!(await isJoined(d.db, id, viewer.uuid))) throw badRequest('尚未报名该比赛');
  await deleteParticipant(d.db, id, viewer.uuid);
  await d.boards.leave(id, viewer.uuid);
  d.bus.emit('contest.changed', { competition_id: id });
}

/** The problem list with solved counts (as the viewer's board shows them) and the viewer's status. */
export async function problemList(d: Contests, viewer: Viewer, id: number): Promise<ContestProblemItem[]> {
  const contest = await contestRow(d.db, id);
  await checkMayRead(d, viewer, contest);
  const real = (await d.boards.fresh(id))!;
  const names = await problemNames(d, contest, real.problems);
  // A virtual runner: the counts of the moment of the contest their run is at (virtual.ts).
  const virtual = await virtualView(d, viewer, real);
  const board = virtual?.board ?? real;
  const frozen = virtual
    ? virtual.frozen
    : board.sb.isFrozen && !can(viewer, { action: 'contest.viewUnfrozen' });
  // A running OI contest: who tried shows, who solved does not (the viewer's own included).
  const oiHidden = virtual ? virtual.hidden : oiHidesFrom(viewer, contest);
  const solved = board.problems.map(() => 0);
  const tried = board.problems.map(() => 0);
  for (const { standing } of board.sb.all({ frozen }))
    standing.cells.forEach((cell, i) => {
      if (cell.solved && !oiHidden) solved[i]++;
      if (cell.solved || cell.rejected > 0 || cell.pending > 0) tried[i]++;
    });
  // A team contest: the viewer's team's row (a virtual runner keeps their own).
  const key = virtual ? viewer.uuid : keyOf(board, viewer.uuid);
  const mine = oiHidden ? undefined : board.sb.standing(key, { frozen: false });
  return board.problems.map((p, i) => ({
    index: p.idx,
    display_name: p.display_name,
    problem_id: p.problem_id,
    name: p.title || (names.get(p.problem_id) ?? ''),
    solved_count: solved[i],
    tried_count: tried[i],
    my_status: mine?.cells[i].solved
      ? 'solved'
      : (board.sb.attemptsOf(key, i)?.length ?? 0) > 0
        ? 'tried'
        : 'none',
  }));
}

export async function contestProblem(
  d: Contests,
  viewer: Viewer,
  id: number,
  index: number,
): Promise<ContestProblem> {
  const contest = await contestRow(d.db, id);
  await checkMayRead(d, viewer, contest);
  const p = await problemRow(d.db, contest, index);
  const base = { competition_id: id, index, display_name: p.display_name };
  if (contest.type !== ContestType.Programming) {
    const title = p.title || ((await d.math408.titles([p.problem_id])).get(p.problem_id) ?? '');
    return { ...base, title, kind: 'math408', problem: null, question_id: p.problem_id };
  }
  const row = await d.problems.row(p.problem_id);
  if (!row) throw notFound(`题目 ${p.problem_id} 不存在`);
  const title = p.title || row.chinese_name;
  const isAdmin = can(viewer, { action: 'problem.manage' });
  return {
    ...base,
    title,
    kind: 'algorithm',
    problem: presentProblem(row, 'none', { isAdmin }),
    question_id: null,
  };
}

/** The viewer's own submissions in the contest ("my submissions" tab), from the submissions module. */
export async function myRecords(
  d: Contests,
  viewer: Viewer,
  q: { competition_id: number; PageNum?: number; pageNum?: number; mode?: ContestRecordFilter },
): Promise<RecordPage> {
  await contestRow(d.db, q.competition_id);
  return d.submissions.ofContest(viewer, q.competition_id, { pageNum: pageOf(q), pageSize: 10 }, q.mode);
}
