import {
  isChoiceQuestion,
  type Math408ExamDraw,
  type Math408ExamQuestion,
  type Math408ExamResult,
  type Math408ExamSubmit,
  type Math408NeighboursQuery,
  type Math408Neighbours,
  type Math408Record,
  type Math408SelfMarkRequest,
  type Math408Stats,
  type Math408WrongItem,
  type QuestionType,
  subjectOfTags,
} from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors';
import { loadMarkdownHtml, markdownHtml } from '../../lib/markdown-html';
import { can } from '../../lib/permissions';
import { parseJson } from '../problems';
import { answer, presentRecord, syncProgramming, withheld } from './answers';
import * as answers from './answers-repo';
import type { Math408Deps } from './deps';
import { reachableQuestion } from './questions';
import * as repo from './repo';
import type { Math408RecordRow } from './tables';

/**
 * Practice on the bank (issue 29): neighbours within a filter, the 错题本, the statistics, the exam
 * mode and short answers' self-marks. Everything reads the caller's own answers; the exam stores its
 * answers through `answer`, so the contests' rules (refused answers, withheld keys) hold unchanged.
 */

/** 上一题 / 下一题 within the bank's filter the learner came from (only published questions). */
export async function neighbours(
  d: Math408Deps,
  viewer: Viewer,
  q: Math408NeighboursQuery,
): Promise<Math408Neighbours> {
  const { question_id, ...filter } = q;
  await reachableQuestion(d, viewer, question_id);
  const [prev, next] = await repo.neighbourRows(d.db, filter, question_id);
  const link = (r: { id: number; title: string } | undefined) =>
    r ? { question_id: r.id, title: r.title } : null;
  return { prev: link(prev), next: link(next) };
}

type Outcome = 'right' | 'partial' | 'wrong' | 'pending';

/** What an answer says of the question: graded choices and verdicts, or the author's own mark of a short answer. */
function outcome(r: Math408RecordRow): Outcome {
  if (r.status === 'correct' || r.status === 'AC') return 'right';
  if (r.status === 'submitted') return (r.self_mark as Outcome | null) ?? 'pending';
  if (r.status === 'PD') return 'pending';
  return 'wrong';
}

/** The caller's latest answer to each question they answered (programming verdicts brought up to date). */
async function latestAnswers(
  d: Math408Deps,
  viewer: Viewer,
): Promise<{ all: number; latest: Math408RecordRow[] }> {
  if (viewer.uuid < 0) return { all: 0, latest: [] };
  const rows = await answers.allOfUser(d.db, viewer.uuid);
  const latest = new Map<number, Math408RecordRow>();
  for (const r of rows) latest.set(r.question_id, r); // oldest first: the last one stays
  return { all: rows.length, latest: await syncProgramming(d, [...latest.values()]) };
}

/**
 * The 错题本: the questions whose latest answer by the caller was wrong (answering one right again
 * takes it off), newest first. Questions deleted or hidden since are left out (they cannot be retried).
 */
export async function wrongBook(d: Math408Deps, viewer: Viewer): Promise<Math408WrongItem[]> {
  const wrong = (await latestAnswers(d, viewer)).latest.filter((r) => outcome(r) === 'wrong');
  const questions = new Map(
    (
      await repo.liveQuestions(
        d.db,
        wrong.map((r) => r.question_id),
      )
    ).map((q) => [q.id, q]),
  );
  const seeHidden = can(viewer, { action: 'problem.viewHidden' });
  return wrong
    .flatMap((r) => {
      const q = questions.get(r.question_id);
      if (!q || (q.visible !== 1 && !seeHidden)) return [];
      return [
        {
          question_id: q.id,
          title: q.title,
          type: q.type as QuestionType,
          difficulty: q.difficulty,
          subject: subjectOfTags(parseJson<number[]>(q.tags, [])),
          answer_time: r.create_time,
        },
      ];
    })
    .sort((a, b) => b.answer_time.localeCompare(a.answer_time));
}

/** The caller's math / 408 statistics: answers given, and questions by their latest answer's outcome. */
export async function stats(d: Math408Deps, viewer: Viewer): Promise<Math408Stats> {
  const { all, latest } = await latestAnswers(d, viewer);
  const out: Math408Stats = {
    answers: all,
    questions: latest.length,
    right: 0,
    partial: 0,
    wrong: 0,
    pending: 0,
  };
  for (const r of latest) out[outcome(r)] += 1;
  return out;
}

/**
 * Marks one of the caller's short answers against the reference answer. Refused while a running
 * contest withholds that reference answer from the caller (they could not have compared).
 */
export async function selfMark(
  d: Math408Deps,
  viewer: Viewer,
  req: Math408SelfMarkRequest,
): Promise<Math408Record> {
  const r = await answers.ownAnswer(d.db, viewer.uuid, req.record_id);
  const q = r && (await repo.anyQuestion(d.db, r.question_id));
  if (!r || !q) throw notFound('作答记录不存在');
  if (q.type !== 'short') throw badRequest('只有简答题可以自评', 'record_id');
  const hide = await withheld(d, viewer, q);
  if (hide) throw forbidden('该题正在比赛中使用，比赛结束前不能对照参考答案自评');
  await answers.setSelfMark(d.db, r.id, req.mark);
  return presentRecord({ ...r, self_mark: req.mark }, q, hide);
}

const EXAM_TYPES: QuestionType[] = ['single', 'multiple', 'short'];

/**
 * An exam's paper: `count` questions drawn at random from the filtered bank (choice and short
 * answers; programming ones are judged, not marked on 交卷). Questions a running contest keeps
 * from the caller are never drawn: their answers would be refused and their keys withheld.
 */
export async function examDraw(
  d: Math408Deps,
  viewer: Viewer,
  req: Math408ExamDraw,
): Promise<Math408ExamQuestion[]> {
  const { count, ...filter } = req;
  const ids = await repo.filteredIds(d.db, filter, EXAM_TYPES);
  // Fisher–Yates: every set of `count` questions equally likely.
  for (let i = ids.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [ids[i], ids[j]] = [ids[j], ids[i]];
  }
  const manager = can(viewer, { action: 'problem.manage' });
  const picked: number[] = [];
  for (const id of ids) {
    if (picked.length === count) break;
    if (
      !manager &&
      ((await d.contests.answerRefusedBy(viewer, id, null)) || (await d.contests.locked(viewer, id)))
    )
      continue;
    picked.push(id);
  }
  if (!picked.length) throw notFound('没有符合条件的题目');
  const [rows] = await Promise.all([repo.liveQuestions(d.db, picked), loadMarkdownHtml()]);
  const byId = new Map(rows.map((q) => [q.id, q]));
  return picked.flatMap((id) => {
    const q = byId.get(id);
    if (!q) return [];
    return [
      {
        question_id: q.id,
        title: q.title,
        type: q.type as QuestionType,
        difficulty: q.difficulty,
        content: q.content,
        content_html: markdownHtml(q.content),
        options: isChoiceQuestion(q.type as QuestionType)
          ? parseJson<{ key: string; content: string }[]>(q.options, []).map((o) => ({
              ...o,
              content_html: markdownHtml(o.content),
            }))
          : [],
      },
    ];
  });
}

/**
 * 交卷: each answer stored as an ordinary answer (graded, counted in the statistics and the 错题本),
 * one by one so a refused one (a contest began meanwhile, an empty choice) does not lose the others.
 */
export async function examSubmit(
  d: Math408Deps,
  viewer: Viewer,
  req: Math408ExamSubmit,
): Promise<Math408ExamResult> {
  const out: Math408ExamResult = [];
  for (const a of req.answers) {
    const q = await repo.liveQuestion(d.db, a.question_id);
    if (q && !EXAM_TYPES.includes(q.type as QuestionType)) {
      out.push({ question_id: a.question_id, record: null, message: '编程题不能在考试模式中作答' });
      continue;
    }
    try {
      const record = await answer(d, viewer, {
        question_id: a.question_id,
        choices: a.choices,
        text: a.text,
      });
      out.push({ question_id: a.question_id, record, message: null });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      out.push({ question_id: a.question_id, record: null, message: err.message });
    }
  }
  return out;
}
