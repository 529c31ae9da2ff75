import {
  isChoiceQuestion,
  type Math408Query,
  type Math408Subject,
  type Math408QuestionView,
  type Math408Row,
  type MyStatus,
  type QuestionType,
  subjectOfTags,
  tagIdsOfSubject,
} from '@oj/shared';
import type { Math408QuestionRow } from '../../db/types';
import type { Viewer } from '../../lib/auth';
import { notFound } from '../../lib/errors';
import { keywordMatch, paginateQuery } from '../../lib/pagination';
import { can } from '../../lib/permissions';
import { parseJson } from '../problems';
import { syncProgramming } from './answers';
import type { Math408Context } from './deps';

/**
 * A question that exists (deleted ones do not); hidden ones only for admins or through a started
 * contest that the viewer may read (a password contest: its participants).
 */
export async function reachableQuestion(
  m: Math408Context,
  viewer: Viewer,
  id: number,
  opts: { viaContest?: boolean } = {},
): Promise<Math408QuestionRow> {
  const q = await m.db
    .selectFrom('math408_questions')
    .selectAll()
    .where('id', '=', id)
    .where('is_delete', '=', 0)
    .executeTakeFirst();
  const reachable =
    q &&
    (q.visible === 1 ||
      opts.viaContest ||
      can(viewer, { action: 'problem.viewHidden' }) ||
      (await m.contests.mayRead(viewer, id)));
  if (!reachable) throw notFound(`题目 ${id} 不存在`);
  return q;
}

/** The viewer's status of some questions, from their answers (programming ones brought up to date). */
export async function statuses(m: Math408Context, viewer: Viewer, ids: number[]): Promise<Map<number, MyStatus>> {
  const out = new Map<number, MyStatus>();
  if (viewer.uuid < 0 || !ids.length) return out;
  const rows = await syncProgramming(
    m,
    await m.db
      .selectFrom('math408_records')
      .selectAll()
      .where('user_id', '=', viewer.uuid)
      .where('question_id', 'in', ids)
      .execute(),
  );
  for (const r of rows) {
    // A short answer cannot be graded: answering it is solving it.
    const solved = r.correct === 1 || r.status === 'submitted';
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
  m: Math408Context,
  userIds: number[],
  ids: number[],
): Promise<{ user_id: number; question_id: number }[]> {
  if (!userIds.length || !ids.length) return [];
  return m.db
    .selectFrom('math408_records')
    .select(['user_id', 'question_id'])
    .distinct()
    .where('user_id', 'in', userIds)
    .where('question_id', 'in', ids)
    .where((eb) => eb.or([eb('correct', '=', 1), eb('status', '=', 'submitted')]))
    .execute();
}

const listRow = (q: Math408QuestionRow, status: MyStatus): Math408Row => ({
  question_id: q.id,
  type: q.type as QuestionType,
  difficulty: q.difficulty,
  tags_list: parseJson<number[]>(q.tags, []),
  title: q.title,
  my_status: status,
});

export async function search(m: Math408Context, viewer: Viewer, q: Math408Query) {
  const base = () => {
    let b = m.db.selectFrom('math408_questions').where('is_delete', '=', 0).where('visible', '=', 1);
    const kw = q.keyword?.trim();
    if (kw) b = b.where(keywordMatch(kw, ['title', 'content']));
    if (q.type) b = b.where('type', '=', q.type);
    if (q.difficulty !== undefined) b = b.where('difficulty', '=', q.difficulty);
    if (q.subject)
      b = b.where('id', 'in', (eb) =>
        eb.selectFrom('math408_question_tags').select('question_id').where('tag_id', 'in', tagIdsOfSubject(q.subject!)),
      );
    const tags = [...new Set(q.tags_list)];
    if (tags.length)
      b = b.where('id', 'in', (eb) =>
        eb
          .selectFrom('math408_question_tags')
          .select('question_id')
          .where('tag_id', 'in', tags)
          .groupBy('question_id')
          .having((h) => h.fn.countAll(), '=', tags.length),
      );
    return b;
  };
  const page = await paginateQuery(q, base, (b) => b.selectAll().orderBy('id'));
  const st = await statuses(
    m,
    viewer,
    page.records.map((r) => r.id),
  );
  return { ...page, records: page.records.map((r) => listRow(r, st.get(r.id) ?? 'none')) };
}

export async function question(m: Math408Context, viewer: Viewer, id: number): Promise<Math408QuestionView> {
  const q = await reachableQuestion(m, viewer, id);
  const st = (await statuses(m, viewer, [id])).get(id) ?? 'none';
  const answered = st !== 'none';
  // Answers stay hidden until the caller tried once (admins always see them), and while a contest
  // locks this question for the caller (a wrong answer must not reveal the right one to contestants).
  const show =
    can(viewer, { action: 'problem.manage' }) || (answered && !(await m.contests.locked(viewer, id)));
  const problem = q.problem_id ? await m.problems.row(q.problem_id) : undefined;
  return {
    ...listRow(q, st),
    content: q.content,
    options: parseJson(q.options, []),
    samples: parseJson(q.samples, []),
    problem_id: q.problem_id,
    time_limit: problem?.time_limit ?? null,
    memory_limit: problem?.memory_limit ?? null,
    answered,
    answer: show && isChoiceQuestion(q.type as QuestionType) ? parseJson<string[]>(q.answer, []) : null,
    reference_answer: show ? q.reference_answer : null,
    reference_code: show && q.reference_code ? parseJson(q.reference_code, null) : null,
    explanation: show ? q.explanation : null,
  };
}

/**
 * Titles of some questions by id: deleted ones included (`deleted: 'include'`, what a contest shows
 * of its problems), or only those a new contest may list (`'exclude'`; `publishedOnly`: a user's
 * contest lists no hidden question).
 */
export async function titles(
  m: Pick<Math408Context, 'db'>,
  ids: number[],
  opts: { deleted: 'include' | 'exclude'; publishedOnly?: boolean },
): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  let q = m.db.selectFrom('math408_questions').select(['id', 'title']).where('id', 'in', ids);
  if (opts.deleted === 'exclude') q = q.where('is_delete', '=', 0);
  if (opts.publishedOnly) q = q.where('visible', '=', 1);
  const rows = await q.execute();
  return new Map(rows.map((r) => [r.id, r.title]));
}

/** The subject of some questions, from their tags (`subjectOfTags`: math, 408, or null = neither / both). */
export async function subjects(
  m: Pick<Math408Context, 'db'>,
  ids: number[],
): Promise<Map<number, Math408Subject | null>> {
  if (!ids.length) return new Map();
  const rows = await m.db.selectFrom('math408_questions').select(['id', 'tags']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, subjectOfTags(parseJson<number[]>(r.tags, []))]));
}

/** The hidden algorithm problems behind some programming questions (their judged tries). */
export async function problemIdsOf(m: Pick<Math408Context, 'db'>, questionIds: number[]): Promise<number[]> {
  if (!questionIds.length) return [];
  const rows = await m.db
    .selectFrom('math408_questions')
    .select('problem_id')
    .where('id', 'in', questionIds)
    .where('problem_id', 'is not', null)
    .execute();
  return rows.flatMap((r) => (r.problem_id === null ? [] : [r.problem_id]));
}
