import {
  COMPETITION_LIMITS,
  type ContestRun,
  NEW_USER_RATING,
  type RankPage,
  type RankQuery,
  type RankRow,
} from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import { badRequest, forbidden } from '../../lib/errors';
import { type Contests, ContestType, pageOf } from './deps';
import { checkMayRead } from './gates';
import { type LiveBoard, pointsOf } from './live';
import { presentRankRow, stateOf } from './present';
import { type BoardAttempt, Scoreboard } from './ranking/scoreboard';
import { contestRow } from './repo';
import {
  activeRunOf,
  lengthMs,
  markStarted,
  participantStart,
  startVirtualRun,
  virtualRun,
  windowEndMs,
} from './runs-repo';
import { ruleOf } from './scoring-rule';
import type { VirtualRunRow } from './tables';

/**
 * Issue 26 part 2: window contests (灵活时间: each participant presses 开始 and has
 * `window_minutes`, cut at the end) and virtual runs (after the end, a user replays the contest
 * for its length from when they press 虚拟参赛, against the real board as it stood at the same
 * elapsed time). Who may submit when is decided by the gates (gates.ts); virtual tries are stored
 * with `contest_mode = 'virtual'` and never reach the real board, awards, rating or the Contest API.
 */

const iso = (ms: number) => new Date(ms).toISOString();

/** The caller's window and virtual run in a contest (`run/mine`). */
export async function myRun(d: Contests, viewer: Viewer, id: number): Promise<ContestRun> {
  const c = await contestRow(d.db, id);
  const [p, run] = await Promise.all([
    participantStart(d.db, id, viewer.uuid),
    virtualRun(d.db, id, viewer.uuid),
  ]);
  const runEnd = run ? Date.parse(run.started_at) + lengthMs(c) : 0;
  const active = run !== undefined && Date.now() < runEnd;
  const mayStart =
    stateOf(c) === 'ended' &&
    c.type === ContestType.Programming &&
    !active &&
    !((p?.submitted ?? 0) > 0) &&
    (await checkMayRead(d, viewer, c).then(
      () => true,
      () => false,
    ));
  const started = c.window_minutes > 0 ? (p?.started_at ?? null) : null;
  return {
    window_minutes: c.window_minutes,
    window_started_at: started,
    window_end_at: started === null ? null : iso(windowEndMs(c, started)),
    virtual: run ? { started_at: run.started_at, end_at: iso(runEnd), active } : null,
    may_start_virtual: mayStart,
  };
}

/** 开始 in a window contest: the participant's window starts now (a second press changes nothing). */
export async function startWindow(d: Contests, viewer: Viewer, id: number): Promise<ContestRun> {
  const c = await contestRow(d.db, id);
  if (c.window_minutes <= 0) throw badRequest('本场比赛不限时，无需点击开始');
  const state = stateOf(c);
  if (state === 'upcoming') throw badRequest('比赛尚未开始，不能开始计时');
  if (state === 'ended') throw badRequest('比赛已结束，不能开始计时');
  if (!(await participantStart(d.db, id, viewer.uuid))) throw forbidden('请先报名参加比赛再点击开始');
  const started = await markStarted(d.db, id, viewer.uuid);
  if (started) await d.boards.started(id, viewer.uuid, Date.parse(started));
  return myRun(d, viewer, id);
}

/**
 * 虚拟参赛: an ended programming contest the viewer may read, by someone who did not take part
 * in it for real (joined and submitted), one run at a time (a new one replaces an ended one).
 */
export async function startVirtual(d: Contests, viewer: Viewer, id: number): Promise<ContestRun> {
  const c = await contestRow(d.db, id);
  if (c.type !== ContestType.Programming) throw badRequest('虚拟参赛仅支持程序设计比赛');
  if (stateOf(c) !== 'ended') throw badRequest('比赛结束后才能虚拟参赛');
  await checkMayRead(d, viewer, c);
  const p = await participantStart(d.db, id, viewer.uuid);
  if (p && p.submitted > 0) throw badRequest('你已正式参加过该比赛，不能再虚拟参赛');
  const replaceBefore = iso(Date.now() - lengthMs(c));
  if (!(await startVirtualRun(d.db, id, viewer.uuid, replaceBefore)))
    throw badRequest('你已有一场进行中的虚拟参赛，结束后才能再开始');
  // An OI contest's virtual run hides its verdicts from the runner (freeze-rule.ts): the rule's
  // cache of runs is read again, on every node.
  if (ruleOf(c) === 'oi') d.bus.emit('contest.changed', { competition_id: id });
  return myRun(d, viewer, id);
}

/** The board a virtual runner sees, and the moment of the contest it shows. */
export interface VirtualView {
  /** The real board's contest, problems and people, with a scoreboard of that moment. */
  board: LiveBoard;
  run: VirtualRunRow;
  elapsedMs: number;
  endMs: number;
  /** The contest's freeze had begun at that moment (then others' later tries are pending). */
  frozen: boolean;
  /** An OI contest: nothing shows until the run ends. */
  hidden: boolean;
}

/**
 * The viewer's virtual view of an ended contest while their run lasts, else null. Built per read
 * from the loaded board (in memory) and the runner's own tries (one statement): every real
 * participant with their tries made up to the same elapsed time, and the runner.
 */
export async function virtualView(d: Contests, viewer: Viewer, real: LiveBoard): Promise<VirtualView | null> {
  if (viewer.uuid <= 0 || stateOf(real.contest) !== 'ended') return null;
  const run = await activeRunOf(d.db, real.contest, viewer.uuid);
  if (!run) return null;
  const c = real.contest;
  const length = lengthMs(c);
  const runStart = Date.parse(run.started_at);
  const elapsedMs = Math.min(Date.now() - runStart, length);
  const rule = ruleOf(c);
  // The freeze as it was during the contest, whether or not it was lifted since.
  const freezeFrom =
    c.freeze_minutes > 0 && rule !== 'oi' && c.window_minutes <= 0
      ? Math.max(0, length - c.freeze_minutes * 60_000)
      : null;
  const sb = new Scoreboard(real.problems.length, freezeFrom, rule);
  const rows: { userId: number; index: number; attempt: BoardAttempt }[] = [];
  for (const { standing } of real.sb.all({ frozen: false })) {
    const uid = standing.userId;
    if (uid === viewer.uuid) continue; // joined but never tried: their virtual row stands instead
    sb.join(uid);
    for (let i = 0; i < real.problems.length; i++)
      for (const attempt of real.sb.attemptsOf(uid, i) ?? [])
        if (attempt.atMs <= elapsedMs) rows.push({ userId: uid, index: i, attempt });
  }
  sb.join(viewer.uuid);
  for (const t of await d.submissions.virtualTries(c.id, viewer.uuid, run.started_at)) {
    const atMs = Date.parse(t.create_time) - runStart;
    if (t.problem_index === null || atMs >= length) continue;
    rows.push({
      userId: viewer.uuid,
      index: t.problem_index,
      attempt: { id: t.id, atMs, status: t.status as BoardAttempt['status'], ...pointsOf(t) },
    });
  }
  sb.load(rows);
  const me = (await d.users.briefs([viewer.uuid])).get(viewer.uuid);
  const people = new Map(real.people);
  people.set(viewer.uuid, {
    username: me?.username ?? '',
    rating: me?.rating ?? NEW_USER_RATING,
    rated: me?.rated ?? false,
  });
  return {
    board: { ...real, sb, people },
    run,
    elapsedMs,
    endMs: runStart + length,
    frozen: freezeFrom !== null && elapsedMs >= freezeFrom,
    hidden: rule === 'oi',
  };
}

/** A page of the virtual board: the runner's row marked 虚拟, their own row always true. */
export function virtualRankPage(v: VirtualView, viewer: Viewer, q: RankQuery): RankPage {
  const { board } = v;
  const pageSize = q.pageSize ?? COMPETITION_LIMITS.rankPageSize;
  const problems = board.problems.map((p) => ({ index: p.idx, display_name: p.display_name }));
  const virtual = { started_at: v.run.started_at, end_at: iso(v.endMs), elapsed_ms: v.elapsedMs };
  const base = { total: board.sb.size, pageSize, problems, rule: ruleOf(board.contest), virtual };
  if (v.hidden)
    return { ...base, records: [], pageNum: 1, frozen: false, mine: null, version: 0, hidden: true };
  const frozen = v.frozen;
  const mark = (r: RankRow): RankRow => (r.uuid === viewer.uuid ? { ...r, virtual: true } : r);
  const mineTrue = () => {
    const s = board.sb.standing(viewer.uuid, { frozen: false })!;
    return presentRankRow(board, s, board.sb.rankOf(viewer.uuid, { frozen })!, { frozen: false });
  };
  const pageNum = pageOf(q);
  const records = board.sb
    .page({ frozen }, (pageNum - 1) * pageSize, pageSize)
    .map(({ standing, rank }) =>
      standing.userId === viewer.uuid && frozen
        ? { ...mineTrue(), rank }
        : presentRankRow(board, standing, rank, { frozen }),
    )
    .map(mark);
  return {
    ...base,
    records,
    pageNum,
    frozen,
    mine: mark(mineTrue()),
    version: board.sb.version,
    hidden: false,
  };
}
