import {
  isChoiceQuestion,
  type Math408Query,
  type Math408Subject,
  type Math408QuestionView,
  type Math408Row,
  type MyStatus,
  type QuestionType,
  subjectOfTags,
} from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import { loadMarkdownHtml, markdownHtml } from '../../lib/markdown-html';
import { notFound } from '../../lib/errors';
import { can } from '../../lib/permissions';
import { parseJson } from '../problems';
import { syncProgramming } from './answers';
import * as answers from './answers-repo';
import type { Math408Deps } from './deps';
import * as repo from './repo';
import type { Math408QuestionRow } from './tables';

/**
 * A question that exists (deleted ones do not); hidden ones only for admins or through a started
 * contest that the viewer may read (a password contest: its participants).
 */
export async function reachableQuestion(
  d: Math408Deps,
  viewer: Viewer,
  id: number,
  opts: { viaContest?: boolean } = {},
): Promise<Math408QuestionRow> {
  const q = await repo.liveQuestion(d.db, id);
  const reachable =
    q &&
    (q.visible === 1 ||
      opts.viaContest ||
      can(viewer, { action: 'problem.viewHidden' }) ||
      (await d.contests.mayRead(viewer, id)));
  if (!reachable) throw notFound(`题目 ${id} 不存在`);
  return q;
}

/** The viewer's status of some questions, from their answers (programming ones brought up to date). */
export async function statuses(
  d: Math408Deps,
  viewer: Viewer,
  ids: number[],
): Promise<Map<number, MyStatus>> {
  const out = new Map<number, MyStatus>();
  if (viewer.uuid < 0 || !ids.length) return out;
  const rows = await syncProgramming(d, await answers.userAnswers(d.db, viewer.uuid, ids));
  for (const r of rows) {
    // A short answer cannot be graded: answering it is solving it, unless its author marked it wrong.
    const solved = r.correct === 1 || (r.status === 'submitted' && r.self_mark !== 'wrong');
    if (solved) out.set(r.question_id, 'solved');
    else if (!out.has(r.question_id)) out.set(r.question_id, 'tried');
  }
  return out;
}

/**
 * Which of some users solved which of some questions (study plans' ranks): a correct answer, or any
 * answer to a short-answer question. Programming answers count once their verdict is stored.
 */
export async function solvedBy(
  d: Math408Deps,
  userIds: number[],
  ids: number[],
): Promise<{ user_id: number; question_id: number }[]> {
  if (!userIds.length || !ids.length) return [];
  return answers.solvedBy(d.db, userIds, ids);
}

const listRow = (q: Math408QuestionRow, status: MyStatus): Math408Row => ({
  question_id: q.id,
  type: q.type as QuestionType,
  difficulty: q.difficulty,
  tags_list: parseJson<number[]>(q.tags, []),
  title: q.title,
  my_status: status,
});

export async function search(d: Math408Deps, viewer: Viewer, q: Math408Query) {
  const page = await repo.bankPage(d.db, q);
  const st = await statuses(
    d,
    viewer,
    page.records.map((r) => r.id),
  );
  return { ...page, records: page.records.map((r) => listRow(r, st.get(r.id) ?? 'none')) };
}

export async function question(d: Math408Deps, viewer: Viewer, id: number): Promise<Math408QuestionView> {
  const q = await reachableQuestion(d, viewer, id);
  const st = (await statuses(d, viewer, [id])).get(id) ?? 'none';
  const answered = st !== 'none';
  // Answers stay hidden until the caller tried once (admins always see them), and while a contest
  // locks this question for the caller (a wrong answer must not reveal the right one to contestants).
  const show =
    can(viewer, { action: 'problem.manage' }) || (answered && !(await d.contests.locked(viewer, id)));
  const [problem] = await Promise.all([
    q.problem_id ? d.problems.row(q.problem_id) : undefined,
    loadMarkdownHtml(),
  ]);
  const options = parseJson<{ key: string; content: string }[]>(q.options, []);
  const referenceAnswer = show ? q.reference_answer : null;
  const explanation = show ? q.explanation : null;
  return {
    ...listRow(q, st),
    content: q.content,
    content_html: markdownHtml(q.content),
    options: options.map((o) => ({ ...o, content_html: markdownHtml(o.content) })),
    samples: parseJson(q.samples, []),
    problem_id: q.problem_id,
    time_limit: problem?.time_limit ?? null,
    memory_limit: problem?.memory_limit ?? null,
    answered,
    answer: show && isChoiceQuestion(q.type as QuestionType) ? parseJson<string[]>(q.answer, []) : null,
    reference_answer: referenceAnswer,
    reference_answer_html: referenceAnswer === null ? null : markdownHtml(referenceAnswer),
    reference_code: show && q.reference_code ? parseJson(q.reference_code, null) : null,
    explanation,
    explanation_html: explanation === null ? null : markdownHtml(explanation),
  };
}

/**
 * Titles of some questions by id: deleted ones included (`deleted: 'include'`, what a contest shows
 * of its problems), or only those a new contest may list (`'exclude'`; `publishedOnly`: a user's
 * contest lists no hidden question).
 */
export async function titles(
  d: Pick<Math408Deps, 'db'>,
  ids: number[],
  opts: { deleted: 'include' | 'exclude'; publishedOnly?: boolean },
): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  return repo.titles(d.db, ids, {
    liveOnly: opts.deleted === 'exclude',
    publishedOnly: opts.publishedOnly ?? false,
  });
}

/** The subject of some questions, from their tags (`subjectOfTags`: math, 408, or null = neither / both). */
export async function subjects(
  d: Pick<Math408Deps, 'db'>,
  ids: number[],
): Promise<Map<number, Math408Subject | null>> {
  if (!ids.length) return new Map();
  const rows = await repo.tagsOf(d.db, ids);
  return new Map(rows.map((r) => [r.id, subjectOfTags(parseJson<number[]>(r.tags, []))]));
}

/** The hidden algorithm problems behind some programming questions (their judged tries). */
export async function problemIdsOf(d: Pick<Math408Deps, 'db'>, questionIds: number[]): Promise<number[]> {
  return questionIds.length ? repo.problemIdsOf(d.db, questionIds) : [];
}
