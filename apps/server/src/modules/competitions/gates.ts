import type { ContestMode, JudgeRequest } from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import { badRequest, forbidden } from '../../lib/errors';
import { can } from '../../lib/permissions';
import { ContestType } from './deps';
import { type ClassRule, checkMayReadClassProblems } from './class-rule';
import { stateOf, subjectOf } from './present';
import { isJoined } from './participants-repo';
import { activeRunOf, participantStart, windowEndMs } from './runs-repo';
import {
  contestRow,
  contestsLockingQuestion,
  type Db,
  problemRow,
  startedContestsWithQuestion,
} from './repo';
import type { CompetitionRow } from './tables';

/** The gates read the contest tables, and ask the classes who belongs to a class contest's classes. */
type ContestDb = { db: Db; classes: ClassRule };

/**
 * Who may read a contest's problems (list, statements, its hidden math / 408 questions): admins
 * and the author always; others once it started, and for a password contest only those who
 * joined with the password, also after the end (the password is what keeps the set private). A
 * running window contest: only its participants who pressed 开始 (issue 26 part 2). A class contest
 * (class-rule.ts): its participants, and after the end the members of its classes.
 */
export async function checkMayRead(d: ContestDb, viewer: Viewer, c: CompetitionRow): Promise<void> {
  if (can(viewer, { action: 'contest.preview', subject: subjectOf(c) })) return;
  const state = stateOf(c);
  if (state === 'upcoming') throw forbidden('比赛尚未开始，题目暂不可见');
  // A window contest while it runs: its problems open with the participant's own clock (开始).
  if (state === 'running' && c.window_minutes > 0) {
    const p = await participantStart(d.db, c.id, viewer.uuid);
    if (!p?.started_at)
      throw forbidden(`本场比赛每人限时 ${c.window_minutes} 分钟，报名并点击“开始”后才能查看题目`);
    return;
  }
  if (c.password_hash && !(await isJoined(d.db, c.id, viewer.uuid)))
    throw forbidden('该比赛设有密码，报名参加后才能查看题目');
  await checkMayReadClassProblems(d, viewer, c, state === 'ended');
}

const mayRead = (d: ContestDb, viewer: Viewer, c: CompetitionRow): Promise<boolean> =>
  checkMayRead(d, viewer, c).then(
    () => true,
    () => false,
  );

/**
 * Who may submit code or answer in a contest: before the start only admins and the author,
 * during it only participants (and they; in a window contest only inside their own window), after
 * the end everyone who may read it: in their virtual run when one is active, else practice.
 * Answers how the try counts (ContestMode).
 */
async function checkMayTry(
  d: ContestDb,
  viewer: Viewer,
  c: CompetitionRow,
  verb: '提交' | '作答',
): Promise<ContestMode> {
  const state = stateOf(c);
  const preview = can(viewer, { action: 'contest.preview', subject: subjectOf(c) });
  if (state === 'upcoming' && !preview) throw forbidden(`比赛尚未开始，不能${verb}`);
  if (state === 'running' && !preview) {
    const p = await participantStart(d.db, c.id, viewer.uuid);
    if (!p) throw forbidden(`请先报名参加比赛再${verb}`);
    checkWindow(c, p.started_at, verb);
  }
  await checkMayRead(d, viewer, c);
  if (state !== 'ended') return '';
  return (await activeRunOf(d.db, c, viewer.uuid)) ? 'virtual' : 'practice';
}

/** A window contest (灵活时间): only between the participant's 开始 and the end of their window. */
function checkWindow(c: CompetitionRow, startedAt: string | null, verb: string): void {
  if (c.window_minutes <= 0) return;
  if (startedAt === null)
    throw forbidden(`本场比赛每人限时 ${c.window_minutes} 分钟，请先点击“开始”计时后再${verb}`);
  if (Date.now() >= windowEndMs(c, startedAt))
    throw forbidden(`你的比赛时间（${c.window_minutes} 分钟）已用完，不能再${verb}`);
}

/** Judging asks for a record of a hidden problem: may the viewer read this contest's problems? */
export async function mayReadContest(d: ContestDb, viewer: Viewer, id: number): Promise<boolean> {
  const c = await contestRow(d.db, id).catch(() => null);
  return c !== null && (await mayRead(d, viewer, c));
}

/**
 * The math / 408 bank asks for a hidden question: readable when a started math / 408 contest
 * lists it and the viewer may read that contest's problems (checkMayRead).
 */
export async function mayReadQuestion(d: ContestDb, viewer: Viewer, questionId: number): Promise<boolean> {
  for (const c of await startedContestsWithQuestion(d.db, questionId))
    if (await mayRead(d, viewer, c)) return true;
  return false;
}

/**
 * The submissions' contest gate: admits a submission that names a contest, answers its problem id
 * and how it counts (in the contest, a virtual run, or practice).
 */
export async function admitSubmission(
  d: ContestDb,
  viewer: Viewer,
  req: JudgeRequest,
): Promise<{ problemId: number; mode: ContestMode }> {
  const c = await contestRow(d.db, req.competition_id!);
  if (c.type !== ContestType.Programming) throw badRequest('该比赛不是程序设计比赛，不能提交代码');
  if (req.index === null || req.index === undefined) throw badRequest('请指明比赛题目序号', 'index');
  const p = await problemRow(d.db, c, req.index);
  if (p.problem_id !== req.problem_id)
    throw badRequest(`题目与比赛第 ${p.display_name} 题不符`, 'problem_id');
  const mode = await checkMayTry(d, viewer, c, '提交');
  return { problemId: p.problem_id, mode };
}

/** The math / 408 bank's contest gate: admits an answer that names a math or 408 contest. */
export async function admitAnswer(
  d: ContestDb,
  viewer: Viewer,
  req: { competition_id: number; index: number; question_id: number },
): Promise<void> {
  const c = await contestRow(d.db, req.competition_id);
  if (c.type === ContestType.Programming) throw badRequest('该比赛是程序设计比赛，请提交代码');
  const p = await problemRow(d.db, c, req.index);
  if (p.problem_id !== req.question_id)
    throw badRequest(`题目与比赛第 ${p.display_name} 题不符`, 'question_id');
  await checkMayTry(d, viewer, c, '作答');
}

/**
 * While a running math / 408 contest keeps a question's key from a viewer (an official contest:
 * everyone; a user's contest: its participants), an answer given anywhere else would say whether a
 * choice is right (the key, by elimination) without the contest's penalty: through the bank, or
 * through a contest made for the purpose. So that viewer's answer is admitted only inside such a
 * contest, and only when it is the only one locking them or an official one (parallel divisions of
 * one event share questions). Returns the name of the contest that refuses the answer, or null.
 * Admins are not asked (they see every key). A user's contest never refuses anyone who did not join it.
 */
export async function answerRefusedBy(
  d: ContestDb,
  viewer: Viewer,
  questionId: number,
  competitionId: number | null,
): Promise<string | null> {
  const locking = await contestsLockingQuestion(d.db, viewer.uuid, questionId);
  const others = locking.filter((c) => c.id !== competitionId);
  if (!others.length) return null;
  if (competitionId !== null && (await contestRow(d.db, competitionId)).official === 1) return null;
  return others[0].name;
}

/** Whether a running contest keeps a question's key and explanation from the viewer. */
export async function questionLocked(d: ContestDb, viewer: Viewer, questionId: number): Promise<boolean> {
  return (await contestsLockingQuestion(d.db, viewer.uuid, questionId)).length > 0;
}
