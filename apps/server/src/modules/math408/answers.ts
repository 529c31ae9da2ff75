import {
  isChoiceQuestion,
  type Math408AnswerRequest,
  type Math408Record,
  type Math408RecordsQuery,
  type QuestionType,
} from '@oj/shared';
import { answerChange, type SubmissionChange } from '../../events';
import type { Viewer } from '../../lib/auth';
import { badRequest, forbidden } from '../../lib/errors';
import { can } from '../../lib/permissions';
import { nowIso } from '../../lib/time';
import { parseJson } from '../problems';
import { FIRST_JUDGE_VERSION } from '../submissions';
import * as answers from './answers-repo';
import type { Math408Deps } from './deps';
import { reachableQuestion } from './questions';
import { anyQuestion } from './repo';
import type { Math408QuestionRow, Math408RecordRow } from './tables';

/** Contests hear of answers given in them (new ones, and programming verdicts). */
function announce(d: Math408Deps, row: Math408RecordRow): void {
  if (row.competition_id !== null) d.bus.emit('answer.changed', answerChange(row));
}

/** A programming answer takes its submission's verdict (PD again on a rejudge). */
async function storeVerdict(d: Math408Deps, r: Math408RecordRow, status: string): Promise<Math408RecordRow> {
  if (r.status === status) return r;
  const correct = status === 'PD' ? null : status === 'AC' ? 1 : 0;
  await answers.setVerdict(d.db, r.id, status, correct);
  const updated = { ...r, status, correct };
  announce(d, updated);
  return updated;
}

/** Programming records take their status from the submission (PD until judged). */
export async function syncProgramming(d: Math408Deps, rows: Math408RecordRow[]): Promise<Math408RecordRow[]> {
  return Promise.all(
    rows.map(async (r) => {
      if (r.submission_id === null || r.status !== 'PD') return r;
      const rec = await d.submissions
        .record({ uuid: r.user_id, role: 1, isBoss: false, sessionId: null }, r.submission_id)
        .catch(() => null);
      if (!rec || rec.status === 'PD') return r;
      return storeVerdict(d, r, rec.status);
    }),
  );
}

/**
 * A stored submission changed: the answers it judges follow it as it comes, so a contest's
 * scoreboard moves without anyone reading records. Wired to `submission.changed` of this node.
 */
export async function followVerdict(d: Math408Deps, sub: SubmissionChange): Promise<void> {
  if (sub.competition_id !== null) return;
  // A submission's first queueing comes before any answer can name it (the answer is stored with
  // the id its submit returns): nothing to follow, nothing to read.
  if (sub.status === 'PD' && sub.judge_version <= FIRST_JUDGE_VERSION) return;
  const rows = await answers.ofSubmission(d.db, sub.id);
  await Promise.all(rows.map((r) => storeVerdict(d, r, sub.status)));
}

function revealed(q: Math408QuestionRow) {
  return {
    correct_answer: isChoiceQuestion(q.type as QuestionType) ? parseJson<string[]>(q.answer, []) : null,
    reference_answer: q.reference_answer,
    explanation: q.explanation,
  };
}

/** While a contest locks the question for the viewer, its answers stay hidden from them (not from admins). */
export async function withheld(d: Math408Deps, viewer: Viewer, q: Math408QuestionRow): Promise<boolean> {
  return !can(viewer, { action: 'problem.manage' }) && (await d.contests.locked(viewer, q.id));
}

export function presentRecord(r: Math408RecordRow, q: Math408QuestionRow, hide: boolean): Math408Record {
  return {
    record_id: r.id,
    question_id: q.id,
    title: q.title,
    type: q.type as QuestionType,
    answer: r.answer,
    status: r.status as Math408Record['status'],
    correct: r.correct === null ? null : r.correct === 1,
    submission_id: r.submission_id,
    problem_id: r.submission_id === null ? null : q.problem_id,
    competition_id: r.competition_id,
    index: r.problem_index,
    create_time: r.create_time,
    self_mark: (r.self_mark ?? null) as Math408Record['self_mark'],
    ...(hide ? { correct_answer: null, reference_answer: null, explanation: null } : revealed(q)),
  };
}

/** Grades a choice, keeps a short answer, or submits a programming answer for judging. */
async function grade(
  d: Math408Deps,
  viewer: Viewer,
  q: Math408QuestionRow,
  req: Math408AnswerRequest,
): Promise<{ answer: string; status: string; correct: number | null; submissionId: number | null }> {
  const type = q.type as QuestionType;
  if (isChoiceQuestion(type)) {
    const keys = parseJson<{ key: string }[]>(q.options, []).map((o) => o.key);
    const chosen = [...new Set(req.choices ?? [])].sort();
    if (!chosen.length) throw badRequest('请选择答案', 'choices');
    if (chosen.some((c) => !keys.includes(c))) throw badRequest('所选答案含有不存在的选项', 'choices');
    if (type === 'single' && chosen.length !== 1) throw badRequest('单选题只能选一个答案', 'choices');
    const answer = chosen.join('');
    const correct = answer === parseJson<string[]>(q.answer, []).join('') ? 1 : 0;
    return { answer, status: correct ? 'correct' : 'wrong', correct, submissionId: null };
  }
  if (type === 'short') {
    const text = req.text?.trim() ?? '';
    if (!text) throw badRequest('答案不能为空', 'text');
    return { answer: text, status: 'submitted', correct: null, submissionId: null };
  }
  if (!q.problem_id) throw badRequest('该编程题暂不支持在线评测');
  if (!req.language) throw badRequest('语言不能为空', 'language');
  if (!req.source_code?.trim()) throw badRequest('代码不能为空', 'source_code');
  const submissionId = await d.submissions.submit(
    viewer,
    { problem_id: q.problem_id, language: req.language, source_code: req.source_code },
    { hiddenProblem: true },
  );
  return { answer: req.language, status: 'PD', correct: null, submissionId };
}

export async function answer(
  d: Math408Deps,
  viewer: Viewer,
  req: Math408AnswerRequest,
): Promise<Math408Record> {
  const inContest = req.competition_id !== undefined;
  if (inContest) {
    if (req.index === undefined) throw badRequest('请指明比赛题目序号', 'index');
    await d.contests.gate(viewer, {
      competition_id: req.competition_id!,
      index: req.index,
      question_id: req.question_id,
    });
  }
  const q = await reachableQuestion(d, viewer, req.question_id, { viaContest: inContest });
  if (!can(viewer, { action: 'problem.manage' })) {
    const refusedBy = await d.contests.answerRefusedBy(viewer, q.id, inContest ? req.competition_id! : null);
    if (refusedBy) throw forbidden(`该题正在比赛「${refusedBy}」中使用，比赛结束前只能在比赛中作答`);
  }
  const graded = await grade(d, viewer, q, req);
  const stored = await answers.insertAnswer(d.db, {
    question_id: q.id,
    user_id: viewer.uuid,
    answer: graded.answer,
    status: graded.status,
    correct: graded.correct,
    submission_id: graded.submissionId,
    create_time: nowIso(),
    competition_id: inContest ? req.competition_id! : null,
    problem_index: inContest ? req.index! : null,
  });
  announce(d, stored);
  // A verdict may have come before the answer was stored: catch up with it now.
  const [r] = await syncProgramming(d, [stored]);
  return presentRecord(r, q, await withheld(d, viewer, q));
}

/** The caller's own answers only, newest first (of one question, of one contest, or all). */
export async function records(d: Math408Deps, viewer: Viewer, query: Math408RecordsQuery) {
  const page = await answers.userPage(d.db, viewer.uuid, query, query);
  const rows = await syncProgramming(d, page.records);
  // Read each question (and whether its answers are withheld) once: a page is often all one question.
  const seen = new Map<number, { q: Math408QuestionRow; hide: boolean }>();
  const out: Math408Record[] = [];
  for (const r of rows) {
    let shown = seen.get(r.question_id);
    if (!shown) {
      const q = await anyQuestion(d.db, r.question_id);
      if (!q) throw new Error(`math408 question ${r.question_id} of answer ${r.id} is missing`);
      shown = { q, hide: await withheld(d, viewer, q) };
      seen.set(r.question_id, shown);
    }
    out.push(presentRecord(r, shown.q, shown.hide));
  }
  return { ...page, records: out };
}

/** The answers given in a math / 408 contest while it ran (a scoreboard being loaded). */
export const contestAnswers = (
  d: Pick<Math408Deps, 'db'>,
  contest: { id: number; start_time: string; end_time: string },
) => answers.contestAnswers(d.db, contest);

/** The submissions behind programming answers given in a contest within a span (a frozen one). */
export const programmingSubmissionsIn = (
  d: Pick<Math408Deps, 'db'>,
  span: { contestId: number; from: string; to: string },
): Promise<number[]> => answers.programmingSubmissionsIn(d.db, span);

/** Users × questions' answers in a homework's window (one grouped statement; classes' 作业). */
export const homeworkAnswers = (
  d: Pick<Math408Deps, 'db'>,
  userIds: number[],
  questionIds: number[],
  window: { from: string; deadline: string; to: string },
) => answers.homeworkAnswers(d.db, userIds, questionIds, window);
