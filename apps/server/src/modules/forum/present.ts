import type {
  CommentView,
  PostAuthor,
  PostCategory,
  PostDetail,
  PostRow,
  RequirementStatus,
} from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import type { UserBrief } from '../users';
import { can } from '../../lib/permissions';
import { markdownHtml } from '../../lib/markdown-html';
import { plainExcerpt } from '../../lib/plain-text';
import type { CommentDbRow, PostDbRow } from './tables';

export type Briefs = Map<number, UserBrief>;

/** A post row as the lists read it: the content only as its first characters. */
export type ListedPost = Omit<PostDbRow, 'content' | 'hot' | 'hot_base'> & { summary: string };

export const SUMMARY_CHARS = 160;

export function authorOf(briefs: Briefs, id: number): PostAuthor {
  const b = briefs.get(id);
  return b
    ? { uuid: id, username: b.username, rating: b.rating, rated: b.rated }
    : { uuid: id, username: '已注销用户', rating: 0, rated: false };
}

export function parseTags(json: string): string[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

export function presentPost(r: ListedPost, briefs: Briefs, thumbed = false): PostRow {
  return {
    post_id: r.id,
    title: r.title,
    // Lists show a plain preview: the start of the markdown without its markup (code as [代码]).
    summary: plainExcerpt(r.summary, SUMMARY_CHARS),
    category: r.category as PostCategory,
    problem_id: r.problem_id,
    tags: parseTags(r.tags),
    author: authorOf(briefs, r.author_id),
    thumbs: r.thumbs,
    comments: r.comments,
    readings: r.readings,
    pinned: r.pinned === 1,
    locked: r.locked === 1,
    hidden: r.hidden === 1,
    deleted: r.is_delete === 1,
    requirement_status: (r.requirement_status as RequirementStatus | null) ?? null,
    create_time: r.create_time,
    update_time: r.update_time,
    thumbed,
  };
}

export const mayEdit = (viewer: Viewer, authorId: number) =>
  can(viewer, { action: 'post.edit', subject: { ownerUuid: authorId } });
export const mayDeleteComment = (viewer: Viewer, authorId: number, postAuthorId: number) =>
  can(viewer, { action: 'comment.delete', subject: { ownerUuid: authorId, postOwnerUuid: postAuthorId } });

/** `loadMarkdownHtml` must have finished (the post's HTML). */
export function presentDetail(r: PostDbRow, briefs: Briefs, viewer: Viewer, thumbed: boolean): PostDetail {
  return {
    ...presentPost({ ...r, summary: r.content.slice(0, SUMMARY_CHARS) }, briefs, thumbed),
    content: r.content,
    content_html: markdownHtml(r.content),
    can_edit: mayEdit(viewer, r.author_id),
  };
}

export function presentComment(
  c: CommentDbRow,
  ctx: { briefs: Briefs; thumbed: Set<number>; viewer: Viewer; postAuthor: number },
  replies: CommentView[],
): CommentView {
  const deleted = c.is_delete === 1;
  return {
    comment_id: c.id,
    post_id: c.post_id,
    parent_id: c.parent_id,
    author: authorOf(ctx.briefs, c.author_id),
    content: deleted ? '' : c.content,
    content_html: deleted ? '' : markdownHtml(c.content),
    thumbs: c.thumbs,
    thumbed: ctx.thumbed.has(c.id),
    deleted,
    can_delete: !deleted && mayDeleteComment(ctx.viewer, c.author_id, ctx.postAuthor),
    create_time: c.create_time,
    replies,
  };
}
