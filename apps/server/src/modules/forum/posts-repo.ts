import type { AdminPostQuery, Page, PageQuery, PostSort } from '@oj/shared';
import {
  type Expression,
  type ExpressionBuilder,
  type Insertable,
  type SqlBool,
  sql,
  type Updateable,
} from 'kysely';
import { idsAfter } from '../../db/ids-after';
import { keywordMatch, paginate } from '../../lib/pagination';
import type { CountCache } from './count-cache';
import { type ListedPost, SUMMARY_CHARS } from './present';
import type { Db } from './repo';
import type { Scope } from './scope';
import type { PostDbRow, PostEditsTable, PostsTable, ForumTables } from './tables';

/** Posts, their edit history, readings and counters: the forum's post aggregate. */

/** A post, deleted ones included (callers decide what a deleted post means to them). */
export const postRow = (db: Db, id: number): Promise<PostDbRow | undefined> =>
  db.selectFrom('posts').selectAll().where('id', '=', id).executeTakeFirst();

export const insertPost = (db: Db, row: Insertable<PostsTable>): Promise<PostDbRow> =>
  db.insertInto('posts').values(row).returningAll().executeTakeFirstOrThrow();

/** Changes a post and answers it as it is now. */
export const editPost = (db: Db, id: number, set: Updateable<PostsTable>): Promise<PostDbRow> =>
  db.updateTable('posts').set(set).where('id', '=', id).returningAll().executeTakeFirstOrThrow();

export async function setPost(db: Db, id: number, set: Updateable<PostsTable>): Promise<void> {
  await db.updateTable('posts').set(set).where('id', '=', id).execute();
}

/** Keeps the version an edit replaces. */
export async function insertPostEdit(db: Db, row: Insertable<PostEditsTable>): Promise<void> {
  await db.insertInto('post_edits').values(row).execute();
}

/** Earlier versions of a post, newest first. */
export const postEdits = (db: Db, postId: number) =>
  db.selectFrom('post_edits').selectAll().where('post_id', '=', postId).orderBy('id', 'desc').execute();

/** Hours since 1970 / 6: a post four days newer outranks one with four more thumbs... per day. */
export const hotBase = (iso: string) => Math.floor(Date.parse(iso) / 3_600_000 / 6);

/**
 * Locks the post's row until the transaction ends (PostgreSQL; SQLite writes one at a time), so
 * that counting afterwards sees every other committed change: exact counts under concurrency.
 */
export async function lockPost(trx: Db, id: number): Promise<boolean> {
  const r = await trx
    .updateTable('posts')
    .set((eb) => ({ thumbs: eb.ref('thumbs') }))
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Counts thumbs and live comments again and the hot score with them; answers the thumbs. */
export async function recount(trx: Db, id: number): Promise<number> {
  const thumbs = trx
    .selectFrom('post_thumbs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('post_id', '=', id);
  const comments = trx
    .selectFrom('comments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('post_id', '=', id)
    .where('is_delete', '=', 0);
  await trx
    .updateTable('posts')
    .set({
      thumbs: sql<number>`(${thumbs})`,
      comments: sql<number>`(${comments})`,
      hot: sql<number>`hot_base + 4 * (${thumbs}) + 2 * (${comments})`,
    })
    .where('id', '=', id)
    .execute();
  const row = await trx.selectFrom('posts').select('thumbs').where('id', '=', id).executeTakeFirstOrThrow();
  return Number(row.thumbs);
}

/** Counts a reading: once per reader and post per day (the row's date moves). */
export async function countReading(db: Db, postId: number, reader: string, date: string): Promise<void> {
  const r = await db
    .insertInto('post_reads')
    .values({ post_id: postId, viewer: reader, date })
    .onConflict((oc) =>
      oc.columns(['post_id', 'viewer']).doUpdateSet({ date }).where('post_reads.date', '<>', date),
    )
    .executeTakeFirst();
  if (Number(r.numInsertedOrUpdatedRows ?? 0) > 0)
    await db
      .updateTable('posts')
      .set((eb) => ({ readings: eb('readings', '+', 1) }))
      .where('id', '=', postId)
      .execute();
}

/** Posts by id, deleted and hidden ones too (search indexing). */
export const postsByIds = (db: Db, ids: number[]): Promise<PostDbRow[]> =>
  db.selectFrom('posts').selectAll().where('id', 'in', ids).execute();

/** Post ids (deleted and hidden ones too) after `after`, in order: the search rebuild's batches. */
export const postIdsAfter = (db: Db, after: number, limit: number) => idsAfter(db, 'posts', after, limit);

/** The posts among `ids` that are not deleted, as moderation describes them. */
export const livePostsByIds = (db: Db, ids: number[]) =>
  db
    .selectFrom('posts')
    .select(['id', 'title', 'content', 'author_id'])
    .where('id', 'in', ids)
    .where('is_delete', '=', 0)
    .execute();

/** The list columns: everything but the content, of which the first characters. */
const LIST_COLUMNS = [
  'posts.id',
  'posts.title',
  'posts.category',
  'posts.problem_id',
  'posts.tags',
  'posts.author_id',
  'posts.thumbs',
  'posts.comments',
  'posts.readings',
  'posts.pinned',
  'posts.locked',
  'posts.hidden',
  'posts.is_delete',
  'posts.requirement_status',
  'posts.create_time',
  'posts.update_time',
] as const;
const summarySql = sql<string>`substr(posts.content, 1, ${sql.lit(SUMMARY_CHARS)})`;

/** Which posts a list shows. */
export interface PostFilter {
  /** What the reader may see (scope.ts); none: every post, deleted ones too (management). */
  scope?: Scope;
  /** Management: only deleted, hidden, pinned or locked posts ('all': no condition). */
  state?: AdminPostQuery['state'];
  category?: string;
  problemId?: number;
  authorId?: number;
  keyword?: string;
}

/** The scope as a condition on `posts` (lists: one statement whatever the viewer). */
function scopeFilter(scope: Scope) {
  return (eb: ExpressionBuilder<ForumTables, 'posts'>): Expression<SqlBool> => {
    const conds: Expression<SqlBool>[] = [eb('posts.is_delete', '=', 0)];
    if (!scope.admin) {
      conds.push(eb('posts.hidden', '=', 0));
      conds.push(
        eb.or([eb('posts.problem_id', 'is', null), eb('posts.problem_id', 'not in', scope.hiddenProblems)]),
      );
    }
    if (scope.contestHidden.length)
      conds.push(
        eb.not(
          eb.and([
            eb('posts.category', 'in', ['solution', 'answer']),
            eb('posts.problem_id', 'in', scope.contestHidden),
          ]),
        ),
      );
    if (scope.solutionLocked.length)
      conds.push(
        eb.not(
          eb.and([eb('posts.category', '=', 'solution'), eb('posts.problem_id', 'in', scope.solutionLocked)]),
        ),
      );
    return eb.and(conds);
  };
}

const STATE_COLUMN = { deleted: 'is_delete', hidden: 'hidden', pinned: 'pinned', locked: 'locked' } as const;

function filtered(db: Db, filter: PostFilter) {
  const { scope, state, problemId, category, authorId, keyword } = filter;
  let b = db.selectFrom('posts');
  if (scope) b = b.where(scopeFilter(scope));
  if (state && state !== 'all') b = b.where(`posts.${STATE_COLUMN[state]}`, '=', 1);
  if (problemId !== undefined) b = b.where('posts.problem_id', '=', problemId);
  if (category) b = b.where('posts.category', '=', category);
  if (authorId !== undefined) b = b.where('posts.author_id', '=', authorId);
  if (keyword) b = b.where(keywordMatch(keyword, ['posts.title', 'posts.content']));
  return b;
}

const ORDER: Record<PostSort, 'hot' | 'id' | 'thumbs'> = { hot: 'hot', new: 'id', thumbs: 'thumbs' };

/**
 * A page of posts: pinned first, then by `sort`, newest first on ties. The total is kept a few
 * seconds in `counts` under the count statement's own text.
 */
export async function listedPage(
  db: Db,
  filter: PostFilter,
  page: PageQuery,
  sort: PostSort,
  counts: Pick<CountCache, 'get'>,
): Promise<Page<ListedPost>> {
  const counted = filtered(db, filter).select((eb) => eb.fn.countAll<number | string>().as('n'));
  const compiled = counted.compile();
  return paginate(
    page,
    () =>
      counts.get(`${compiled.sql}|${JSON.stringify(compiled.parameters)}`, async () =>
        Number((await counted.executeTakeFirstOrThrow()).n),
      ),
    (limit, offset) =>
      filtered(db, filter)
        .select([...LIST_COLUMNS, summarySql.as('summary')])
        .orderBy('posts.pinned', 'desc')
        .orderBy(`posts.${ORDER[sort]}`, 'desc')
        .orderBy('posts.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
  );
}
