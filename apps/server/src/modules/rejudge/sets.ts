import type {
  RejudgeApplied,
  RejudgeCreated,
  RejudgeCreateRequest,
  RejudgeSetDetail,
  RejudgeSetSummary,
} from '@oj/shared';
import { REJUDGE_LIMITS } from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import type { ContestAccess, TryOverride } from '../competitions';
import type { RejudgeNotice } from './notices';
import { noticesOf } from './notices';
import type { Rejudge, RejudgeDeps } from './deps';
import { isChanged, presentBoardRow, presentRun, presentSet } from './present';
import * as repo from './repo';
import { queueRuns } from './runs';
import type { RejudgeSetRow } from './tables';

/**
 * Who may rejudge in a contest: admins, and the author of a user-created contest in their own
 * contest only (the contests' manager rule, `extras.access`), checked here on every call.
 */
async function managed(d: RejudgeDeps, viewer: Viewer, contestId: number): Promise<ContestAccess> {
  const access = await d.competitions.access(viewer, contestId);
  if (!access.manager) throw forbidden('只有管理员或该比赛的创建者可以重新评测比赛中的提交');
  if (!access.programming) throw badRequest('只有程序设计比赛可以重新评测提交');
  return access;
}

/** A set the viewer may manage (its contest's rule); 404 when it does not exist. */
async function managedSet(d: RejudgeDeps, viewer: Viewer, setId: number) {
  const set = await repo.setById(d.db, setId);
  if (!set) throw notFound(`重测集 ${setId} 不存在`);
  return { set, access: await managed(d, viewer, set.competition_id) };
}

const problemNames = (access: ContestAccess) => {
  const names = new Map(access.problems.map((p) => [p.index, p.display_name]));
  return (index: number) => names.get(index) ?? String.fromCharCode(65 + index);
};

const openConflict = (open: RejudgeSetRow) =>
  conflict(`该比赛已有一个未完成的重测集（编号 ${open.id}），请先应用或取消它再新建`);

/**
 * A new set: the chosen submissions as stored now, each judged again on the queue (its stored
 * verdict untouched). One open set (judging or ready) per contest.
 */
export async function createSet(
  d: RejudgeDeps,
  viewer: Viewer,
  req: RejudgeCreateRequest,
): Promise<RejudgeCreated> {
  const access = await managed(d, viewer, req.competition_id);
  const open = await repo.openSetOf(d.db, req.competition_id);
  if (open) throw openConflict(open);
  const problem =
    req.scope === 'problem' ? access.problems.find((p) => p.index === req.problem_index) : undefined;
  if (req.scope === 'problem' && !problem) throw badRequest('比赛中没有这道题', 'problem_index');
  const rows = await d.submissions.contestRuns(req.competition_id, {
    index: problem?.index,
    id: req.scope === 'submission' ? req.submission_id : undefined,
  });
  if (req.scope === 'submission' && !rows.length)
    throw notFound(`提交 ${req.submission_id} 不是该比赛中的提交`);
  if (!rows.length) throw badRequest('没有可以重新评测的提交');
  if (rows.length > REJUDGE_LIMITS.runsMax)
    throw badRequest(`一次最多重新评测 ${REJUDGE_LIMITS.runsMax} 个提交，请按题目分批重测`);
  let set: RejudgeSetRow;
  try {
    set = await repo.inTransaction(d.db, async (trx) => {
      const created = await repo.insertSet(trx, {
        competition_id: req.competition_id,
        scope: req.scope,
        problem_id: problem?.problem_id ?? null,
        problem_index: problem?.index ?? null,
        submission_id: req.scope === 'submission' ? req.submission_id! : null,
        created_by: viewer.uuid,
        state: 'judging',
        reason: req.reason,
        created_at: nowIso(d.clock),
        applied_at: null,
        cancelled_at: null,
      });
      await repo.insertRuns(
        trx,
        rows.map((r) => ({
          set_id: created.id,
          submission_id: r.id,
          user_id: r.user_id,
          problem_index: r.problem_index!,
          old_status: r.status,
          old_score: r.score,
          old_time: r.time_used,
          old_memory: r.memory_used,
          new_status: null,
          new_score: null,
          new_full_score: null,
          new_time: null,
          new_memory: null,
          result: null,
        })),
      );
      return created;
    });
  } catch (err) {
    // Another set was made at the same moment: the unique index of open sets refused this one.
    const other = await repo.openSetOf(d.db, req.competition_id);
    if (other) throw openConflict(other);
    throw err;
  }
  await queueRuns(
    d,
    set.id,
    rows.map((r) => ({ submission_id: r.id })),
  );
  return { set_id: set.id, total: rows.length };
}

export async function listSets(
  d: RejudgeDeps,
  viewer: Viewer,
  contestId: number,
): Promise<RejudgeSetSummary[]> {
  const access = await managed(d, viewer, contestId);
  const sets = await repo.setsOf(d.db, contestId);
  const progress = await repo.progressOf(
    d.db,
    sets.map((s) => s.id),
  );
  const creators = await d.users.briefs([...new Set(sets.map((s) => s.created_by))]);
  const problemName = problemNames(access);
  return sets.map((s) =>
    presentSet(s, { problemName, creator: creators.get(s.created_by), progress: progress.get(s.id) }),
  );
}

/**
 * A set with its runs (old against new) and, while it is open, what its judged runs would change
 * on the board (true standings). An applied set's board is the stored one, a cancelled set's never
 * was: neither has a diff to show.
 */
export async function setDetail(d: RejudgeDeps, viewer: Viewer, setId: number): Promise<RejudgeSetDetail> {
  const { set, access } = await managedSet(d, viewer, setId);
  const runs = await repo.runsOf(d.db, setId);
  const progress = await repo.progressOf(d.db, [setId]);
  const users = await d.users.briefs([...new Set([set.created_by, ...runs.map((r) => r.user_id)])]);
  const problemName = problemNames(access);
  const open = set.state === 'judging' || set.state === 'ready';
  const overrides = new Map<number, TryOverride>();
  for (const r of runs)
    if (r.judged && isChanged(r))
      overrides.set(r.submission_id, {
        status: r.new_status!,
        score: r.new_score,
        full_score: r.new_full_score,
        subtasks: r.new_subtasks,
      });
  const board =
    open && overrides.size ? await d.competitions.rejudge.boardDiff(set.competition_id, overrides) : [];
  return {
    ...presentSet(set, { problemName, creator: users.get(set.created_by), progress: progress.get(setId) }),
    competition_name: access.name,
    runs: runs.map((r) => presentRun(r, problemName(r.problem_index), users.get(r.user_id))),
    board: board.map(presentBoardRow),
  };
}

/**
 * Applies a ready set: each new result is stored into its submission as a rejudge's would be (a
 * new judge version, the events the boards and streams follow, the bank's counters and the user's
 * status), then the contest's board, final ranks and ratings follow, and each author whose verdict
 * changed is told. Claimed first, so two admins pressing 应用 at once apply it once.
 */
export async function applySet(d: Rejudge, viewer: Viewer, setId: number): Promise<RejudgeApplied> {
  const { set, access } = await managedSet(d, viewer, setId);
  if (set.state === 'judging') {
    const p = (await repo.progressOf(d.db, [setId])).get(setId);
    throw badRequest(`重测集还在评测中（已评测 ${p?.judged ?? 0} / ${p?.total ?? 0}），评测完成后才能应用`);
  }
  if (!(await repo.moveSet(d.db, setId, ['ready'], 'applied', nowIso(d.clock))))
    throw conflict('重测集已经应用或已取消，不能再应用');
  const runs = await repo.runsOf(d.db, setId);
  for (const r of runs) {
    if (!r.result) continue;
    await d.submissions.storeJudged(r.submission_id, JSON.parse(r.result), {
      testsKey: r.tests_key,
      testTotal: r.test_total,
    });
  }
  await d.competitions.rejudge.afterApply(set.competition_id);
  const changed = runs.filter(isChanged);
  const notices: RejudgeNotice[] = noticesOf(changed, {
    by: viewer.uuid,
    access,
    problemName: problemNames(access),
  });
  await d.notifications.onRejudged(notices).catch((err) => d.onError(err, 'notifying a rejudge'));
  return { changed: changed.length };
}

/** Cancels an open set: its results are dropped with it (late results of its runs are ignored). */
export async function cancelSet(d: RejudgeDeps, viewer: Viewer, setId: number): Promise<void> {
  await managedSet(d, viewer, setId);
  if (!(await repo.moveSet(d.db, setId, ['judging', 'ready'], 'cancelled', nowIso(d.clock))))
    throw conflict('重测集已经应用或已取消');
}
