import {
  COMPETITION_LIMITS,
  type CompetitionAddRequest,
  type CompetitionDetail,
  type CompetitionEdit,
  type CompetitionInfoPage,
  NEW_USER_RATING,
} from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { can } from '../../lib/permissions';
import { nowIso } from '../../lib/time';
import { hashPassword, type UserBrief } from '../users';
import { type CompetitionsDeps, type Contests, contestChanged, ContestType, pageOf } from './deps';
import * as classRepo from './class-contests-repo';
import * as classRule from './class-rule';
import { examColumns, parseRanges } from './exam';
import { recountProblems, rerateFrom } from './lifecycle';
import { presentInfo, subjectOf } from './present';
import { joinedAmong, participantCounts } from './participants-repo';
import * as repo from './repo';
import { hasParticipants, largestTeam } from './teams-repo';
import { ruleOf } from './scoring-rule';
import type { CompetitionRow } from './tables';

/**
 * Authors (name in its rating colour, from the users module), participants, problem counts, the
 * viewer's joins and which are class contests, in 5 queries whatever their number.
 */
export async function infoExtras(d: CompetitionsDeps, rows: CompetitionRow[], viewer: Viewer) {
  const ids = rows.map((r) => r.id);
  if (!ids.length) return () => ({ participants: 0, problemCount: 0, joined: false, ...owner(undefined) });
  const authors = await d.users.briefs(rows.flatMap((r) => (r.owner_id === null ? [] : [r.owner_id])));
  const counts = await participantCounts(d.db, ids);
  const problems = await repo.problemCounts(d.db, ids);
  const mine = await joinedAmong(d.db, viewer.uuid, ids);
  const classContests = await classRepo.classContestsAmong(d.db, ids);
  return (o: CompetitionRow) => ({
    participants: counts.get(o.id) ?? 0,
    problemCount: problems.get(o.id) ?? 0,
    joined: mine.has(o.id),
    classContest: classContests.has(o.id),
    ...owner(o.owner_id === null ? undefined : authors.get(o.owner_id)),
  });
}

const owner = (u: UserBrief | undefined) => ({
  ownerName: u?.username ?? '',
  ownerRating: u?.rating ?? NEW_USER_RATING,
  ownerRated: u?.rated ?? false,
});

export async function listContests(
  d: CompetitionsDeps,
  viewer: Viewer,
  q: { PageNum?: number; pageNum?: number },
): Promise<CompetitionInfoPage> {
  const page = await repo.contestPage(d.db, {
    pageNum: pageOf(q),
    pageSize: COMPETITION_LIMITS.listPageSize,
  });
  const extras = await infoExtras(d, page.records, viewer);
  return { ...page, records: page.records.map((o) => presentInfo(o, extras(o), viewer)) };
}

export async function contestDetail(
  d: CompetitionsDeps,
  viewer: Viewer,
  id: number,
): Promise<CompetitionDetail> {
  const row = await repo.liveContestById(d.db, id);
  if (!row) throw notFound(`比赛 ${id} 不存在`);
  const extras = await infoExtras(d, [row], viewer);
  const info = presentInfo(row, extras(row), viewer);
  if (!info.class_contest) return { ...info, description: row.description };
  // A class contest: its classes and description to those who may see it; outsiders see its name
  // (and are refused when they try to enter).
  if (await classRule.outsiderRefusal(d, viewer, row)) return { ...info, description: '', classes: [] };
  const names = await d.classes.names(await classRepo.classIdsOf(d.db, id));
  return {
    ...info,
    description: row.description,
    classes: [...names].map(([class_id, name]) => ({ class_id, name })),
  };
}

/** A class's contests (the class page's 比赛 tab): the class's members only (the class read rule). */
export async function classContests(d: CompetitionsDeps, viewer: Viewer, classId: number) {
  await d.classes.checkRead(viewer, classId);
  const rows = await classRepo.contestsOfClass(d.db, classId);
  const extras = await infoExtras(d, rows, viewer);
  return rows.map((o) => presentInfo(o, extras(o), viewer));
}

/**
 * Problems of a contest must exist in the right bank: the algorithm bank, or math / 408. A user
 * (not an admin) may list only published ones: a contest must not become a side door to a hidden
 * problem's statement and tests, nor make a hidden question readable once it starts. A hidden
 * one is reported as missing, so its existence does not leak either.
 */
async function checkProblems(d: CompetitionsDeps, viewer: Viewer, req: CompetitionAddRequest): Promise<void> {
  const ids = req.problems.map((p) => p.problem_id);
  const publishedOnly = !can(viewer, { action: 'problem.viewHidden' });
  const names =
    req.type === ContestType.Programming
      ? await d.problems.liveNames(ids, { publishedOnly })
      : await d.math408.liveTitles(ids, { publishedOnly });
  const missing = ids.filter((id) => !names.has(id));
  if (missing.length) throw badRequest(`题目列表中的题目不存在：${missing.join('、')}`, 'problems');
  if (req.type !== ContestType.Programming && !can(viewer, { action: 'problem.manage' }))
    await checkSubjects(d, req.type === ContestType.Math ? 'math' : '408', ids);
}

const SUBJECT_NAMES = { math: '数学', '408': '408' } as const;

/**
 * A math contest lists math questions only, a 408 contest 408 ones (issue 16: a calculus question
 * was accepted into a 408 contest). The subject comes from the question's tags. Admins may still
 * build a mixed paper on purpose (a 综合 mock exam) through the management site.
 */
async function checkSubjects(d: CompetitionsDeps, want: 'math' | '408', ids: number[]): Promise<void> {
  const subjects = await d.math408.subjects(ids);
  const wrong = ids.filter((id) => subjects.get(id) !== want);
  if (!wrong.length) return;
  throw badRequest(
    `题目列表中有不属于${SUBJECT_NAMES[want]}的题目：${wrong.join('、')}（${SUBJECT_NAMES[want]}比赛只能选择${SUBJECT_NAMES[want]}题目）`,
    'problems',
  );
}

/** Names of a contest's problems, deleted ones included: the algorithm bank, or math / 408. */
export async function problemNames(
  d: CompetitionsDeps,
  contest: CompetitionRow,
  problems: { problem_id: number }[],
): Promise<Map<number, string>> {
  const ids = problems.map((p) => p.problem_id);
  return contest.type === ContestType.Programming ? d.problems.names(ids) : d.math408.titles(ids);
}

export async function editView(d: CompetitionsDeps, viewer: Viewer, id: number): Promise<CompetitionEdit> {
  const contest = await repo.contestRow(d.db, id);
  if (!can(viewer, { action: 'contest.preview', subject: subjectOf(contest) }))
    throw forbidden('只有管理员或比赛创建者可以编辑比赛');
  const problems = await repo.contestProblems(d.db, id);
  const names = await problemNames(d, contest, problems);
  return {
    ...(await contestDetail(d, viewer, id)),
    exam_ips: parseRanges(contest.exam_ips),
    problems: problems.map((p) => ({
      problem_id: p.problem_id,
      display_name: p.display_name,
      name: names.get(p.problem_id) ?? '',
      title: p.title ?? '',
    })),
  };
}

export interface CreateOptions {
  /** Rated as asked by an admin's call (`status=1`); users' contests are never rated. */
  rated?: boolean;
}

export async function createContest(
  d: Contests,
  viewer: Viewer,
  req: CompetitionAddRequest,
  opts: CreateOptions = {},
): Promise<number> {
  if (!can(viewer, { action: 'contest.create' })) throw forbidden();
  // Users' contests are unrated unless an admin marks them (issue 6).
  // Team contests are never rated (docs/competitions.md, "Team contests").
  const rated =
    can(viewer, { action: 'contest.administer' }) && Boolean(opts.rated ?? req.rated) && !req.team_size;
  if (Date.parse(req.end_time) <= Date.now()) throw badRequest('结束时间必须晚于当前时间', 'end_time');
  await checkProblems(d, viewer, req);
  const classIds = await classRule.checkClassIds(d, viewer, req.class_ids ?? []);
  const now = nowIso();
  // The contest, its problems and the outbox row of the search index commit together.
  const password_hash = req.password ? await hashPassword(req.password, d.argon2) : null;
  const id = await repo.inTransaction(d.db, async (trx) => {
    const inserted = await repo.insertContest(trx, {
      name: req.name,
      description: req.description,
      type: req.type,
      start_time: req.start_time,
      end_time: req.end_time,
      password_hash,
      rated: rated ? 1 : 0,
      freeze_minutes: req.freeze_minutes,
      rule: req.rule ?? 'icpc',
      window_minutes: req.window_minutes ?? 0,
      team_size: req.team_size ?? 0,
      ...examColumns(req, can(viewer, { action: 'contest.administer' }), true),
      unfrozen: 0,
      rating_applied: 0,
      finalized: 0,
      owner_id: viewer.uuid,
      // An admin's contest is official: while it runs it locks its problems' solutions site-wide.
      official: can(viewer, { action: 'contest.administer' }) ? 1 : 0,
      is_delete: 0,
      create_time: now,
      update_time: now,
    });
    await repo.writeProblems(trx, inserted, req);
    await classRepo.writeClasses(trx, inserted, classIds);
    await d.outbox.add(trx, 'competition', inserted);
    return inserted;
  });
  contestChanged(d, id);
  return id;
}

export async function modifyContest(
  d: Contests,
  viewer: Viewer,
  id: number,
  req: CompetitionAddRequest,
): Promise<void> {
  const contest = await repo.contestRow(d.db, id);
  if (!can(viewer, { action: 'contest.edit', subject: subjectOf(contest) }))
    throw forbidden('只有管理员或比赛开始前的创建者可以修改比赛');
  await checkProblems(d, viewer, req);
  const classIds =
    req.class_ids === undefined ? undefined : await classRule.checkClassIds(d, viewer, req.class_ids);
  // A rule changed mid-contest would rank (and show) the same tries differently: only before the start.
  if (req.rule !== undefined && req.rule !== contest.rule && Date.now() >= Date.parse(contest.start_time))
    throw badRequest('比赛开始后不能修改赛制', 'rule');
  // Windows already running would change under their participants: only before the start too.
  const windowChanged = req.window_minutes !== undefined && req.window_minutes !== contest.window_minutes;
  if (windowChanged && Date.now() >= Date.parse(contest.start_time))
    throw badRequest('比赛开始后不能修改每人限时', 'window_minutes');
  if (req.window_minutes === undefined && contest.window_minutes > 0 && req.freeze_minutes > 0)
    throw badRequest('每人限时的比赛不能设置封榜时长', 'freeze_minutes');
  // Teams, or individual joins, already made would not fit another kind of contest: before the start.
  const teamSize = req.team_size ?? contest.team_size;
  if (teamSize !== contest.team_size && (teamSize === 0 || contest.team_size === 0)) {
    if (Date.now() >= Date.parse(contest.start_time))
      throw badRequest('比赛开始后不能在个人赛与团队赛之间切换', 'team_size');
    if (await hasParticipants(d.db, id))
      throw badRequest('已有人报名，不能在个人赛与团队赛之间切换', 'team_size');
  }
  if (teamSize > 0 && (req.window_minutes ?? contest.window_minutes) > 0)
    throw badRequest('团队赛不能设置每人限时', 'window_minutes');
  if (
    teamSize > 0 &&
    req.team_size !== undefined &&
    teamSize < contest.team_size &&
    (await largestTeam(d.db, id)) > teamSize
  )
    throw badRequest('已有队伍的人数超过新的每队人数', 'team_size');
  const admin = can(viewer, { action: 'contest.administer' });
  const password_hash =
    req.password === undefined ? undefined : req.password ? await hashPassword(req.password, d.argon2) : null;
  await repo.inTransaction(d.db, async (trx) => {
    await repo.updateContest(trx, id, {
      name: req.name,
      description: req.description,
      type: req.type,
      start_time: req.start_time,
      end_time: req.end_time,
      freeze_minutes: req.freeze_minutes,
      ...(req.rule === undefined ? {} : { rule: req.rule }),
      ...(req.window_minutes === undefined ? {} : { window_minutes: req.window_minutes }),
      ...(password_hash === undefined ? {} : { password_hash }),
      ...(req.team_size === undefined ? {} : { team_size: req.team_size }),
      ...(admin && req.rated !== undefined ? { rated: req.rated && teamSize === 0 ? 1 : 0 } : {}),
      ...(teamSize > 0 ? { rated: 0 } : {}),
      ...examColumns(req, admin, false),
      // New times may make an ended contest running again: its ranks are stored anew later.
      finalized: 0,
      update_time: nowIso(),
    });
    await repo.writeProblems(trx, id, req);
    if (classIds !== undefined) await classRepo.writeClasses(trx, id, classIds);
    await d.outbox.add(trx, 'competition', id);
  });
  contestChanged(d, id);
  await recountProblems(d, contest);
  // An OI contest's new times may end (or restart) its curtain: its users' problem statuses follow.
  if (ruleOf(contest) === 'oi' || req.rule === 'oi') await d.submissions.recountContest(id);
  // Turned unrated, or moved in the chain: recompute from where it was (apply-rating.ts).
  if (contest.rating_applied && ((admin && req.rated === false) || req.end_time !== contest.end_time))
    await rerateFrom(d, id, { since: contest.end_time });
}

export async function removeContest(d: Contests, id: number): Promise<void> {
  const contest = await repo.contestRow(d.db, id);
  await repo.inTransaction(d.db, async (trx) => {
    await repo.updateContest(trx, id, { is_delete: 1, update_time: nowIso() });
    await d.outbox.add(trx, 'competition', id);
  });
  contestChanged(d, id);
  await recountProblems(d, contest);
  // Its rating changes go; later contests are recomputed without them.
  if (contest.rating_applied) await rerateFrom(d, id);
}
