import type { ReportTargetKind } from '@oj/shared';
import type { ModerationTargets, TargetInfo } from '../moderation';
import { deleteCommentRow } from './comments';
import type { Forum } from './deps';
import { switchPost } from './moderation';
import { deletePostRow } from './posts';
import { postRow } from './repo';

const EXCERPT_CHARS = 120;

/** Reported posts and comments as moderation sees them (deleted ones are left out). */
async function describe(f: Forum, kind: ReportTargetKind, ids: number[]): Promise<Map<number, TargetInfo>> {
  const out = new Map<number, TargetInfo>();
  if (!ids.length) return out;
  if (kind === 'post') {
    const rows = await f.db
      .selectFrom('posts')
      .select(['id', 'title', 'content', 'author_id'])
      .where('id', 'in', ids)
      .where('is_delete', '=', 0)
      .execute();
    for (const r of rows)
      out.set(r.id, {
        title: r.title,
        excerpt: r.content.slice(0, EXCERPT_CHARS),
        author_id: r.author_id,
        link: `/posts/${r.id}`,
      });
    return out;
  }
  const rows = await f.db
    .selectFrom('comments')
    .innerJoin('posts', 'posts.id', 'comments.post_id')
    .select(['comments.id', 'comments.post_id', 'comments.content', 'comments.author_id', 'posts.title'])
    .where('comments.id', 'in', ids)
    .where('comments.is_delete', '=', 0)
    .where('posts.is_delete', '=', 0)
    .execute();
  for (const r of rows)
    out.set(r.id, {
      title: r.title,
      excerpt: r.content.slice(0, EXCERPT_CHARS),
      author_id: r.author_id,
      link: `/posts/${r.post_id}#comment-${r.id}`,
    });
  return out;
}

/** A reported comment has no hidden state of its own: hiding it removes it, like deleting. */
async function removeComment(f: Forum, id: number): Promise<void> {
  const c = await f.db
    .selectFrom('comments')
    .select(['id', 'post_id', 'is_delete'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (c && !c.is_delete) await deleteCommentRow(f, c);
}

/** What moderation acts through (`moderation.useTargets(forum.moderationTargets)`). */
export function moderationTargets(f: Forum): ModerationTargets {
  return {
    describe: (kind, ids) => describe(f, kind, ids),
    async hide(kind, id, by) {
      if (kind === 'post') await switchPost(f, by, id, 'hide');
      else await removeComment(f, id);
    },
    async remove(kind, id, by) {
      if (kind === 'comment') return removeComment(f, id);
      const r = await postRow(f, id);
      if (r && !r.is_delete) await deletePostRow(f, r, by);
    },
  };
}
