import type { ReportTargetKind } from '@oj/shared';
import type { ModerationTargets, TargetInfo } from '../moderation';
import { deleteCommentRow } from './comments';
import { commentRef, liveCommentsByIds } from './comments-repo';
import type { Forum } from './deps';
import { switchPost } from './moderation';
import { deletePostRow } from './posts';
import { livePostsByIds, postRow } from './posts-repo';

const EXCERPT_CHARS = 120;

/** Reported posts and comments as moderation sees them (deleted ones are left out). */
async function describe(d: Forum, kind: ReportTargetKind, ids: number[]): Promise<Map<number, TargetInfo>> {
  const out = new Map<number, TargetInfo>();
  if (!ids.length) return out;
  if (kind === 'post') {
    for (const r of await livePostsByIds(d.db, ids))
      out.set(r.id, {
        title: r.title,
        excerpt: r.content.slice(0, EXCERPT_CHARS),
        author_id: r.author_id,
        link: `/posts/${r.id}`,
      });
    return out;
  }
  for (const r of await liveCommentsByIds(d.db, ids))
    out.set(r.id, {
      title: r.title,
      excerpt: r.content.slice(0, EXCERPT_CHARS),
      author_id: r.author_id,
      link: `/posts/${r.post_id}#comment-${r.id}`,
    });
  return out;
}

/** A reported comment has no hidden state of its own: hiding it removes it, like deleting. */
async function removeComment(d: Forum, id: number): Promise<void> {
  const c = await commentRef(d.db, id);
  if (c && !c.is_delete) await deleteCommentRow(d, c);
}

/** What moderation acts through (`createModerationService({ targets: forum.moderationTargets })`). */
export function moderationTargets(d: Forum): ModerationTargets {
  return {
    describe: (kind, ids) => describe(d, kind, ids),
    async hide(kind, id, by) {
      if (kind === 'post') await switchPost(d, by, id, 'hide');
      else await removeComment(d, id);
    },
    async remove(kind, id, by) {
      if (kind === 'comment') return removeComment(d, id);
      const r = await postRow(d.db, id);
      if (r && !r.is_delete) await deletePostRow(d, r, by);
    },
  };
}
