import type { NotificationKind } from '@oj/shared';
import type { DomainEvents } from '../../events';
import { nowIso } from '../../lib/time';
import { excerptOf, type NotificationsDeps, titleOf } from './deps';
import { mentionedAccounts } from './mentions';
import { alreadyMentioned, insertNotifications, type NewNotification } from './repo';

type PostChange = DomainEvents['post.changed'];
type CommentAdded = DomainEvents['comment.added'];

/** What someone else did to my post that I am told of. */
const POST_ACTIONS: Partial<Record<PostChange['action'], NotificationKind>> = {
  pinned: 'post_pinned',
  locked: 'post_locked',
  hidden: 'post_hidden',
  deleted: 'post_deleted',
};

/**
 * Stores the notifications and tells each recipient's badges (on every node). A notification about
 * a post carries its title and an excerpt, so it goes only to those who may read the post at this
 * moment (a hidden post, a hidden problem's post, a solution locked by a contest or a policy);
 * `always` are told whatever they may read (the author of their own post's moderation).
 */
async function deliver(d: NotificationsDeps, rows: NewNotification[], always = false): Promise<void> {
  const readers = always ? rows : await mayRead(d, rows);
  if (!readers.length) return;
  for (const user_id of new Set(await insertNotifications(d.db, readers)))
    d.bus.emit('notification.changed', { user_id });
}

/** The rows whose recipient may read their post now (the rows of one event are about one post). */
async function mayRead(d: NotificationsDeps, rows: NewNotification[]): Promise<NewNotification[]> {
  if (!rows.length) return rows;
  const postId = rows[0].post_id;
  if (postId === null || postId === undefined) return rows;
  const allowed = new Set<number>();
  for (const viewer of await d.users.viewersOf([...new Set(rows.map((r) => r.user_id))]))
    if (await d.posts.mayRead(viewer, postId)) allowed.add(viewer.uuid);
  return rows.filter((r) => allowed.has(r.user_id));
}

/**
 * The users an `@account` of a text names, less the writer and those in `skip` (told already in
 * another way) and those told of this very text before (an edit repeats its mentions).
 */
async function mentioned(
  d: NotificationsDeps,
  text: string,
  writer: number,
  skip: Set<number>,
  where: { post_id: number; comment_id: number | null },
): Promise<number[]> {
  const accounts = mentionedAccounts(text);
  if (!accounts.length) return [];
  const ids = [...(await d.users.idsOfAccounts(accounts)).values()].filter(
    (id) => id !== writer && !skip.has(id),
  );
  const told = await alreadyMentioned(d.db, ids, where.post_id, where.comment_id);
  return ids.filter((id) => !told.has(id));
}

/**
 * A new comment: the author of the comment it replies to (楼中楼) and the post's author are told,
 * once each (a reply to my own comment under my post is one notification), then those it mentions.
 * Nobody is told of their own comment.
 */
export async function onComment(
  d: NotificationsDeps,
  e: CommentAdded,
  source: string | null = null,
): Promise<void> {
  const kinds = new Map<number, NotificationKind>();
  if (e.parent_author_id !== null && e.parent_author_id !== e.author_id)
    kinds.set(e.parent_author_id, 'reply_comment');
  if (e.post_author_id !== e.author_id && !kinds.has(e.post_author_id))
    kinds.set(e.post_author_id, 'reply_post');
  const where = { post_id: e.post_id, comment_id: e.comment_id };
  for (const id of await mentioned(d, e.content, e.author_id, new Set(kinds.keys()), where))
    kinds.set(id, 'mention');
  const base = {
    actor_id: e.author_id,
    ...where,
    title: titleOf(e.post_title),
    excerpt: excerptOf(e.content),
    create_time: nowIso(d.clock),
    source,
  };
  await deliver(
    d,
    [...kinds].map(([user_id, kind]) => ({ ...base, user_id, kind })),
  );
}

/**
 * A post changed: written or edited, those it mentions are told (once per post); pinned, locked,
 * hidden or deleted by someone else, its author is told.
 */
export async function onPost(
  d: NotificationsDeps,
  e: PostChange,
  source: string | null = null,
): Promise<void> {
  const base = {
    actor_id: e.by,
    post_id: e.post_id,
    comment_id: null,
    title: titleOf(e.title),
    create_time: nowIso(d.clock),
    source,
  };
  if (e.action === 'created' || e.action === 'edited') {
    const where = { post_id: e.post_id, comment_id: null };
    const ids = await mentioned(d, e.content, e.by, new Set(), where);
    const excerpt = excerptOf(e.content);
    await deliver(
      d,
      ids.map((user_id) => ({ ...base, user_id, kind: 'mention', excerpt })),
    );
    return;
  }
  const kind = POST_ACTIONS[e.action];
  // The author is told even of a deletion, which leaves a post nobody reads.
  if (kind && e.by !== e.author_id)
    await deliver(d, [{ ...base, user_id: e.author_id, kind, excerpt: '' }], true);
}

/** A verdict a rejudge set changed (modules/rejudge): told to the submission's author only. */
export interface RejudgedNotice {
  user_id: number;
  /** Who applied the set. */
  by: number;
  /** The contest's name. */
  title: string;
  /** What changed, in words (提交 #12：WA → AC). */
  excerpt: string;
}

/** One plain notice per entry (no post, no comment), delivered together. */
async function deliverNotices(
  d: NotificationsDeps,
  kind: 'rejudged' | 'homework',
  notices: RejudgedNotice[],
): Promise<void> {
  const create_time = nowIso(d.clock);
  await deliver(
    d,
    notices.map((n) => ({
      user_id: n.user_id,
      kind,
      actor_id: n.by,
      post_id: null,
      comment_id: null,
      title: titleOf(n.title),
      excerpt: excerptOf(n.excerpt),
      create_time,
    })),
    true,
  );
}

/** Applied rejudge sets: each author is told of their own submissions whose verdict changed. */
export const onRejudged = (d: NotificationsDeps, notices: RejudgedNotice[]): Promise<void> =>
  deliverNotices(d, 'rejudged', notices);

/** Homework of a class published, or its deadline a day away: one notice per student (modules/classes). */
export const onHomework = (d: NotificationsDeps, notices: RejudgedNotice[]): Promise<void> =>
  deliverNotices(d, 'homework', notices);
