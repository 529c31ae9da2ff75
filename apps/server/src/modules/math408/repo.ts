import type { Insertable, Kysely, Updateable } from 'kysely';
import { type Math408AdminQuery, type Math408Query, tagIdsOfSubject } from '@oj/shared';
import { keywordId, keywordMatch, paginateQuery } from '../../lib/pagination';
import type { Math408QuestionRow, Math408QuestionsTable, Math408Tables } from './tables';

/**
 * The math / 408 bank's questions and their tags (math408_questions, math408_question_tags): only
 * this module touches them, through these functions (the answers: answers-repo.ts). Each takes the
 * module's handle first.
 */
export type Db = Kysely<Math408Tables>;

/** Questions not deleted (a fresh builder per call). */
const live = (db: Db) => db.selectFrom('math408_questions').where('is_delete', '=', 0);

export const liveQuestion = (db: Db, id: number): Promise<Math408QuestionRow | undefined> =>
  live(db).selectAll().where('id', '=', id).executeTakeFirst();

/** A question deleted or not (its answers stay readable). */
export const anyQuestion = (db: Db, id: number): Promise<Math408QuestionRow | undefined> =>
  db.selectFrom('math408_questions').selectAll().where('id', '=', id).executeTakeFirst();

/** True when the id was ever used (deleted questions included): ids are never reused. */
export const idUsed = async (db: Db, id: number): Promise<boolean> =>
  Boolean(await db.selectFrom('math408_questions').select('id').where('id', '=', id).executeTakeFirst());

/** The largest id ever used (deleted questions included), 0 when none. */
export async function maxId(db: Db): Promise<number> {
  const max = await db
    .selectFrom('math408_questions')
    .select((eb) => eb.fn.max('id').as('m'))
    .executeTakeFirst();
  return Number(max?.m ?? 0);
}

export async function insertQuestion(db: Db, row: Insertable<Math408QuestionsTable>): Promise<void> {
  await db.insertInto('math408_questions').values(row).execute();
}

export async function updateQuestion(
  db: Db,
  id: number,
  set: Updateable<Math408QuestionsTable>,
): Promise<void> {
  await db.updateTable('math408_questions').set(set).where('id', '=', id).execute();
}

export async function insertTags(db: Db, questionId: number, tagIds: number[]): Promise<void> {
  if (tagIds.length)
    await db
      .insertInto('math408_question_tags')
      .values(tagIds.map((tag_id) => ({ question_id: questionId, tag_id })))
      .execute();
}

export async function deleteTags(db: Db, questionId: number): Promise<void> {
  await db.deleteFrom('math408_question_tags').where('question_id', '=', questionId).execute();
}

/** The published bank under a filter (the bank's list, its neighbours, an exam's draw). */
function bankFilter(db: Db, q: Omit<Math408Query, 'pageNum' | 'pageSize'>) {
  let b = live(db).where('visible', '=', 1);
  const kw = q.keyword?.trim();
  if (kw) b = b.where(keywordMatch(kw, ['title', 'content']));
  if (q.type) b = b.where('type', '=', q.type);
  if (q.difficulty !== undefined) b = b.where('difficulty', '=', q.difficulty);
  if (q.subject)
    b = b.where('id', 'in', (eb) =>
      eb
        .selectFrom('math408_question_tags')
        .select('question_id')
        .where('tag_id', 'in', tagIdsOfSubject(q.subject!)),
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
}

/** A page of the published bank in id order. */
export function bankPage(db: Db, q: Math408Query) {
  return paginateQuery(
    q,
    () => bankFilter(db, q),
    (b) => b.selectAll().orderBy('id'),
  );
}

/** The questions before and after an id in the filtered published bank (id order). */
export function neighbourRows(db: Db, q: Omit<Math408Query, 'pageNum' | 'pageSize'>, id: number) {
  const side = (op: '<' | '>') =>
    bankFilter(db, q)
      .select(['id', 'title'])
      .where('id', op, id)
      .orderBy('id', op === '<' ? 'desc' : 'asc')
      .limit(1)
      .executeTakeFirst();
  return Promise.all([side('<'), side('>')]);
}

/** The ids of the filtered published bank (an exam draws from them); `types`: only these. */
export async function filteredIds(
  db: Db,
  q: Omit<Math408Query, 'pageNum' | 'pageSize'>,
  types: readonly string[],
): Promise<number[]> {
  const rows = await bankFilter(db, q).select('id').where('type', 'in', types).execute();
  return rows.map((r) => r.id);
}

/** Live questions by id (deleted ones left out). */
export const liveQuestions = (db: Db, ids: number[]): Promise<Math408QuestionRow[]> =>
  ids.length ? live(db).selectAll().where('id', 'in', ids).execute() : Promise.resolve([]);

/** A page of the bank for its admins (hidden questions too), newest first, with each one's answer count. */
export function adminPage(db: Db, query: Math408AdminQuery) {
  const base = () => {
    let b = live(db);
    const kw = query.keyword?.trim();
    if (kw)
      b = b.where((eb) => eb.or([eb('id', '=', keywordId(kw)), keywordMatch(kw, ['title', 'content'])]));
    if (query.type) b = b.where('type', '=', query.type);
    if (query.visibility) b = b.where('visible', '=', query.visibility === 'visible' ? 1 : 0);
    return b;
  };
  return paginateQuery(query, base, (b) =>
    b
      .selectAll()
      .select((eb) =>
        eb
          .selectFrom('math408_records as r')
          .select((e) => e.fn.countAll().as('c'))
          .whereRef('r.question_id', '=', 'math408_questions.id')
          .as('answer_count'),
      )
      .orderBy('id', 'desc'),
  );
}

/** Titles of some questions; `liveOnly`: not deleted; `publishedOnly`: not hidden either. */
export async function titles(
  db: Db,
  ids: number[],
  opts: { liveOnly: boolean; publishedOnly: boolean },
): Promise<Map<number, string>> {
  let q = db.selectFrom('math408_questions').select(['id', 'title']).where('id', 'in', ids);
  if (opts.liveOnly) q = q.where('is_delete', '=', 0);
  if (opts.publishedOnly) q = q.where('visible', '=', 1);
  const rows = await q.execute();
  return new Map(rows.map((r) => [r.id, r.title]));
}

/** The tags (JSON) of some questions. */
export const tagsOf = (db: Db, ids: number[]) =>
  db.selectFrom('math408_questions').select(['id', 'tags']).where('id', 'in', ids).execute();

/** The hidden algorithm problems behind some programming questions. */
export async function problemIdsOf(db: Db, questionIds: number[]): Promise<number[]> {
  const rows = await db
    .selectFrom('math408_questions')
    .select('problem_id')
    .where('id', 'in', questionIds)
    .where('problem_id', 'is not', null)
    .execute();
  return rows.flatMap((r) => (r.problem_id === null ? [] : [r.problem_id]));
}
