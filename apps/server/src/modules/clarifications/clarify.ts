import type {
  AnnounceRequest,
  AnswerRequest,
  AskRequest,
  ClarificationBoard,
  OpenClarificationContest,
} from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import type { ContestAccess } from '../competitions';
import { type ClarificationsDeps, OPEN_QUESTIONS_MAX } from './deps';
import { presentAnnouncement, presentClarification } from './present';
import * as repo from './repo';

/**
 * Who reads a contest's clarifications: its managers (admins, the author) everything; anyone else
 * the announcements, the public answers and their own questions — but of a password contest only
 * its participants (the password keeps the whole contest private, problems and answers alike).
 */
export async function readableAccess(
  d: ClarificationsDeps,
  viewer: Viewer,
  id: number,
): Promise<ContestAccess> {
  const access = await d.contests.access(viewer, id);
  // A class contest's outsiders see nothing of it (competitions/class-rule.ts).
  if (access.class_refusal) throw forbidden(access.class_refusal);
  if (!access.manager && access.has_password && !access.joined)
    throw forbidden('该比赛设有密码，报名参加后才能查看答疑');
  return access;
}

async function managedAccess(d: ClarificationsDeps, viewer: Viewer, id: number): Promise<ContestAccess> {
  const access = await d.contests.access(viewer, id);
  if (!access.manager) throw forbidden('只有管理员和比赛创建者可以回复答疑或发布公告');
  return access;
}

export async function board(d: ClarificationsDeps, viewer: Viewer, id: number): Promise<ClarificationBoard> {
  const access = await readableAccess(d, viewer, id);
  const who = { uuid: viewer.uuid, manager: access.manager };
  const [announcements, rows, unread] = await Promise.all([
    repo.announcementsOf(d.db, id),
    repo.clarificationsFor(d.db, id, who),
    repo.unreadCount(d.db, id, who),
  ]);
  const names = access.manager ? await d.users.briefs(rows.map((r) => r.user_id)) : new Map();
  return {
    announcements: announcements.map(presentAnnouncement),
    clarifications: rows.map((r) => presentClarification(r, access, viewer.uuid, names)),
    unread,
    manager: access.manager,
    can_ask: access.joined && access.state === 'running',
  };
}

export async function unread(d: ClarificationsDeps, viewer: Viewer, access: ContestAccess): Promise<number> {
  return repo.unreadCount(d.db, access.id, { uuid: viewer.uuid, manager: access.manager });
}

/** Opening the 答疑 tab: what is there now is read. Answers the new unread count. */
export async function markRead(d: ClarificationsDeps, viewer: Viewer, id: number): Promise<number> {
  const access = await readableAccess(d, viewer, id);
  await repo.markRead(d.db, id, viewer.uuid, nowIso(d.clock));
  return unread(d, viewer, access);
}

/** A participant asks while the contest runs, about one of its problems or the contest as a whole. */
export async function ask(d: ClarificationsDeps, viewer: Viewer, req: AskRequest): Promise<number> {
  const access = await readableAccess(d, viewer, req.competition_id);
  if (!access.joined) throw forbidden('请先报名参加比赛再提问');
  if (access.state !== 'running') throw badRequest('只能在比赛进行中提问');
  const index = req.problem_index ?? null;
  if (index !== null && !access.problems.some((p) => p.index === index))
    throw badRequest('比赛中没有这道题', 'problem_index');
  if ((await repo.openQuestionsOf(d.db, access.id, viewer.uuid)) >= OPEN_QUESTIONS_MAX)
    throw badRequest(`你还有 ${OPEN_QUESTIONS_MAX} 个问题未获回复，请等待回复后再提问`);
  const id = await repo.insertClarification(d.db, {
    competition_id: access.id,
    user_id: viewer.uuid,
    problem_index: index,
    question: req.question,
    answer: null,
    answerer_id: null,
    is_public: 0,
    create_time: nowIso(d.clock),
    answer_time: null,
  });
  d.bus.emit('clarification.changed', { competition_id: access.id, user_id: viewer.uuid });
  return id;
}

/** A manager answers (or answers again): to the asker only, or to everyone who may read the contest. */
export async function answer(d: ClarificationsDeps, viewer: Viewer, req: AnswerRequest): Promise<void> {
  const row = await repo.clarificationById(d.db, req.clarification_id);
  if (!row) throw notFound(`答疑 ${req.clarification_id} 不存在`);
  await managedAccess(d, viewer, row.competition_id);
  await repo.answerClarification(d.db, row.id, {
    answer: req.answer,
    answerer_id: viewer.uuid,
    is_public: req.public ? 1 : 0,
    answer_time: nowIso(d.clock),
  });
  // Made private after being public: the others' lists change too.
  const everyone = req.public || row.is_public === 1;
  d.bus.emit('clarification.changed', {
    competition_id: row.competition_id,
    user_id: everyone ? null : row.user_id,
  });
}

export async function announce(d: ClarificationsDeps, viewer: Viewer, req: AnnounceRequest): Promise<number> {
  const access = await managedAccess(d, viewer, req.competition_id);
  const id = await repo.insertAnnouncement(d.db, {
    competition_id: access.id,
    author_id: viewer.uuid,
    content: req.content,
    create_time: nowIso(d.clock),
  });
  d.bus.emit('clarification.changed', { competition_id: access.id, user_id: null });
  return id;
}

export async function removeAnnouncement(d: ClarificationsDeps, viewer: Viewer, id: number): Promise<void> {
  const row = await repo.announcementById(d.db, id);
  if (!row) throw notFound(`公告 ${id} 不存在`);
  await managedAccess(d, viewer, row.competition_id);
  await repo.deleteAnnouncement(d.db, id);
  d.bus.emit('clarification.changed', { competition_id: row.competition_id, user_id: null });
}

/** The management site: contests that have clarifications, those with open questions first. */
export async function openContests(d: ClarificationsDeps): Promise<OpenClarificationContest[]> {
  const rows = await repo.contestsWithClarifications(d.db);
  const names = await d.contests.names(rows.map((r) => r.competition_id));
  return rows
    .filter((r) => names.has(r.competition_id))
    .map((r) => ({
      competition_id: r.competition_id,
      name: names.get(r.competition_id)!,
      open: Number(r.open ?? 0),
      total: Number(r.total),
    }))
    .sort((a, b) => Number(b.open > 0) - Number(a.open > 0) || b.competition_id - a.competition_id);
}
