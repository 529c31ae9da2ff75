import { randomUUID } from 'node:crypto';
import type { NotificationPage } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvents } from '../../events';
import { backends, Client, startTestServer, type TestServer } from '../../../test/helpers';
import { openSse } from '../../../test/sse-client';
import { excerptOf } from './deps';
import { mentionedAccounts } from './mentions';

const P = '/api/notifications';

/** Polls until `check` holds (listeners run after the emit returns). */
async function eventually(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('mentionedAccounts', () => {
  it('finds @accounts once each, not in code, e-mail addresses or URLs, at most ten', () => {
    const text = [
      '你好 @alice_1 和 @alice_1，还有 @bob_22。',
      '`@carol_3` 与 x@dave_44.com 以及 https://a.b/@erin_55 不算',
      '```\n@frank_6\n```',
      '@abc（太短） @toolong_account_name_over_20',
    ].join('\n');
    expect(mentionedAccounts(text)).toEqual(['alice_1', 'bob_22']);
    const many = Array.from({ length: 12 }, (_, i) => `@user_${i}x`).join(' ');
    expect(mentionedAccounts(many)).toHaveLength(10);
  });
});

describe('excerptOf', () => {
  it('keeps the words of markdown as one plain line, identifiers intact', () => {
    const md =
      '# 标题\n\n> 引用 **粗体** 和 `my_var`\n\n- 列表 [链接](https://x.y) ![图](a.png)\n```cpp\nint main(){}\n```\n$$x^2$$ 结束';
    // Issue 29: a formula reads as text (lib/plain-text.ts), not as a [公式] marker.
    expect(excerptOf(md)).toBe('标题 引用 粗体 和 my_var 列表 链接 [图片] [代码] x^2 结束');
    expect(excerptOf('长'.repeat(150))).toHaveLength(100);
  });
});

describe.each(backends())('notifications ($name)', (backend) => {
  let ts: TestServer;
  let anon: Client;
  let admin: Client;
  const u: Record<string, { client: Client; uuid: number }> = {};
  // The forum's events reach the notifications through the outbox (as the forum writes them, in
  // its transactions): each call is one event, a post change with its own event id.
  const emit = <K extends 'comment.added' | 'post.changed'>(name: K, payload: DomainEvents[K]) => {
    const { ctx } = ts.server;
    const e = payload as DomainEvents['comment.added'] | DomainEvents['post.changed'];
    const written =
      'comment_id' in e
        ? ctx.outbox.add(ctx.db.db, name, e.comment_id, e)
        : ctx.outbox.add(ctx.db.db, name, e.post_id, { ...e, event_id: randomUUID() });
    void written.catch((err: unknown) => console.error(err));
  };
  const unread = async (who: string) =>
    (await u[who].client.post<{ count: number }>(`${P}/unread`)).data.count;
  const list = async (who: string) =>
    (await u[who].client.post<NotificationPage>(`${P}/list?pageNum=1`)).data;
  let nextId = 100_000; // apart from the real comments of the tests below (one notification per comment and recipient)
  // The events name real posts: a notification goes only to those who may read its post.
  const pid: Record<number, number> = {};
  const comment = (o: Partial<DomainEvents['comment.added']>): DomainEvents['comment.added'] => ({
    comment_id: nextId++,
    post_id: pid[1],
    post_title: '两数之和题解',
    post_author_id: u.alice.uuid,
    parent_author_id: null,
    author_id: u.bob.uuid,
    content: '写得好',
    ...o,
  });
  const post = (o: Partial<DomainEvents['post.changed']>): DomainEvents['post.changed'] => ({
    post_id: pid[1],
    author_id: u.alice.uuid,
    by: u.alice.uuid,
    title: '两数之和题解',
    category: 'solution',
    problem_id: 1000,
    action: 'created',
    content: '',
    ...o,
  });

  beforeAll(async () => {
    ts = await startTestServer(backend);
    anon = ts.client();
    admin = await ts.login(ts.admin.account, ts.admin.password);
    for (const name of ['alice', 'bob', 'carol', 'dave', 'erin', 'banned'])
      u[name] = await ts.register(`${name}_n`);
    expect((await admin.post('/api/user/admin/ban', [u.banned.uuid])).code).toBe(0);
    for (const n of [1, 10, 11, 20, 21, 30, 40]) {
      const added = await admin.post<{ post_id: number }>('/api/posts/add', {
        title: `帖子 ${n}`,
        content: '讨论',
        category: 'discussion',
        tags: [],
      });
      pid[n] = added.data.post_id;
    }
  }, 120_000);
  afterAll(() => ts?.close());

  it('refuses anonymous and banned callers', async () => {
    for (const c of [anon, u.banned.client]) {
      for (const path of ['/list?pageNum=1', '/unread'])
        expect((await c.post(`${P}${path}`)).status).toBe(401);
      expect((await c.post(`${P}/read`, { all: true })).status).toBe(401);
      expect((await c.get(`${P}/stream`)).status).toBe(401);
    }
  });

  it('a reply to my post and to my comment, once each, never for my own words', async () => {
    emit('comment.added', comment({ post_id: pid[10], content: '**很好**的思路' }));
    await eventually(async () => (await unread('alice')) === 1);
    const [n] = (await list('alice')).records;
    expect(n).toMatchObject({
      kind: 'reply_post',
      post_id: pid[10],
      title: '两数之和题解',
      excerpt: '很好的思路', // bold markers dropped, no space left (issue 29)
      read: false,
    });
    expect(n.actor).toEqual({ uuid: u.bob.uuid, username: 'bob_n' });

    // Carol replies to Bob's comment under Alice's post: Bob (his comment) and Alice (her post).
    emit(
      'comment.added',
      comment({ post_id: pid[10], author_id: u.carol.uuid, parent_author_id: u.bob.uuid }),
    );
    await eventually(async () => (await unread('bob')) === 1 && (await unread('alice')) === 2);
    expect((await list('bob')).records[0]).toMatchObject({ kind: 'reply_comment', post_id: pid[10] });
    // Dave replies to Alice's own comment under Alice's post: one notification, not two.
    emit(
      'comment.added',
      comment({ post_id: pid[10], author_id: u.dave.uuid, parent_author_id: u.alice.uuid }),
    );
    await eventually(async () => (await unread('alice')) === 3);
    expect((await list('alice')).records[0]).toMatchObject({ kind: 'reply_comment' });
    // Alice comments on her own post and replies to herself: nothing.
    emit('comment.added', comment({ author_id: u.alice.uuid, parent_author_id: u.alice.uuid }));
    emit('comment.added', comment({ post_id: pid[11], content: '最后一条' }));
    await eventually(async () => (await unread('alice')) === 4);
    expect((await list('alice')).records.map((r) => r.excerpt)[0]).toBe('最后一条');
  });

  it('@mentions: resolved accounts, never myself, once per post even when edited', async () => {
    const text = '@carol_n @dave_n @alice_n @nobody_here 看看 `@erin_n`';
    emit('post.changed', post({ post_id: pid[20], content: text }));
    await eventually(async () => (await unread('carol')) === 1 && (await unread('dave')) === 1);
    expect((await list('carol')).records[0]).toMatchObject({
      kind: 'mention',
      post_id: pid[20],
      comment_id: null,
    });
    emit('post.changed', post({ post_id: pid[20], action: 'edited', content: `${text} @erin_n` }));
    await eventually(async () => (await unread('erin')) === 1);
    expect(await unread('carol')).toBe(1);
    expect(await unread('erin')).toBe(1);
    expect((await list('alice')).records.some((r) => r.kind === 'mention')).toBe(false);
    // In a comment: the post's author is told of the reply, not of the mention as well.
    const before = await unread('alice');
    emit(
      'comment.added',
      comment({ post_id: pid[21], author_id: u.erin.uuid, content: '@alice_n @dave_n 请看' }),
    );
    await eventually(async () => (await unread('dave')) === 2);
    expect(await unread('alice')).toBe(before + 1);
    expect((await list('dave')).records[0]).toMatchObject({ kind: 'mention', post_id: pid[21] });
  });

  it('a pin, lock, hide or deletion by someone else; not my own, nor unpin or show', async () => {
    const before = await unread('bob');
    const bobPost = (action: DomainEvents['post.changed']['action'], by: number) =>
      emit('post.changed', post({ post_id: pid[30], author_id: u.bob.uuid, by, action }));
    for (const action of ['unpinned', 'shown', 'unlocked', 'status'] as const) bobPost(action, 1);
    bobPost('deleted', u.bob.uuid);
    for (const action of ['pinned', 'locked', 'hidden', 'deleted'] as const) bobPost(action, 1);
    await eventually(async () => (await unread('bob')) === before + 4);
    const kinds = (await list('bob')).records.slice(0, 4).map((r) => r.kind);
    expect(kinds.sort()).toEqual(['post_deleted', 'post_hidden', 'post_locked', 'post_pinned']);
  });

  it('issue 22 item 4: a hidden post or a locked solution reaches only those who may read it', async () => {
    // Through the real API: Alice writes, a moderator hides the post, Alice keeps writing in it.
    const add = await u.alice.client.post<{ post_id: number }>('/api/posts/add', {
      title: '隐藏后的帖子',
      content: '原文',
      category: 'discussion',
      tags: [],
    });
    const id = add.data.post_id;
    expect((await admin.post(`/api/posts/hide?post_id=${id}`)).code).toBe(0);
    const before = { bob: await unread('bob'), carol: await unread('carol'), erin: await unread('erin') };
    const adminAccount = ts.admin.account;
    const edited = await u.alice.client.post('/api/posts/modify', {
      post_id: id,
      title: '隐藏后的帖子',
      content: `@bob_n @${adminAccount} 看看`,
      category: 'discussion',
      tags: [],
    });
    expect(edited.code).toBe(0);
    const commented = await u.alice.client.post('/api/posts/post/comment/add', {
      post_id: id,
      content: '@carol_n @erin_n 也看看',
    });
    expect(commented.code).toBe(0);
    // The admin, who may read hidden posts, is told; nobody else is, neither title nor excerpt.
    const adminList = async () =>
      (await admin.post<NotificationPage>(`${P}/list?pageNum=1`)).data.records.filter(
        (r) => r.post_id === id,
      );
    await eventually(async () => (await adminList()).length === 1);
    for (const who of ['bob', 'carol', 'erin'] as const) {
      expect(await unread(who)).toBe(before[who]);
      expect((await list(who)).records.some((r) => r.post_id === id)).toBe(false);
    }

    // A solution locked for its reader: Bob takes part in a running user contest listing 1001.
    const contest = await u.bob.client.post<{ competition_id: number }>('/api/competition/user/add', {
      name: '鲍勃的比赛',
      description: '',
      type: 1,
      start_time: new Date(Date.now() - 60_000).toISOString(),
      end_time: new Date(Date.now() + 3_600_000).toISOString(),
      problems: [{ problem_id: 1001 }],
    });
    expect(contest.code).toBe(0);
    const joined = await u.bob.client.post(
      `/api/competition/join?competition_id=${contest.data.competition_id}`,
    );
    expect(joined.code).toBe(0);
    const sol = await u.alice.client.post<{ post_id: number }>('/api/posts/add', {
      title: '1001 题解',
      content: '@bob_n @carol_n 我的做法',
      category: 'solution',
      problem_id: 1001,
      tags: [],
    });
    expect(sol.code).toBe(0);
    // Carol, outside Bob's contest, reads the solution and is told; Bob is not.
    await eventually(async () => (await list('carol')).records.some((r) => r.post_id === sol.data.post_id));
    expect((await list('bob')).records.some((r) => r.post_id === sol.data.post_id)).toBe(false);
  });

  it('marks read by ids (only mine) or all, live on the stream', async () => {
    const stream = openSse(`${ts.url}${P}/stream`, u.carol.client);
    const first = await stream.until((e) => e.event === 'unread');
    expect(stream.events[first].data.count).toBe(await unread('carol'));
    const before = stream.events[first].data.count as number;
    emit(
      'comment.added',
      comment({ post_id: pid[40], post_author_id: u.carol.uuid, author_id: u.dave.uuid }),
    );
    // The listener stores the notification after the emit returns: wait for the count it pushes.
    const next = await stream.until(
      (e) => e.event === 'unread' && (e.data.count as number) > before,
      first + 1,
    );
    const start = stream.events[next].data.count as number;
    expect(await unread('carol')).toBe(start);
    const mine = (await list('carol')).records;
    const theirs = (await list('dave')).records;
    // Someone else's ids change nothing.
    const other = await u.carol.client.post<{ updated: number }>(`${P}/read`, { ids: [theirs[0].id] });
    expect(other.data.updated).toBe(0);
    expect((await list('dave')).records[0].read).toBe(false);
    const one = await u.carol.client.post<{ updated: number; count: number }>(`${P}/read`, {
      ids: [mine[0].id],
    });
    expect(one.data).toEqual({ updated: 1, count: start - 1 });
    await stream.until((e) => e.event === 'unread' && e.data.count === start - 1);
    expect((await u.carol.client.post(`${P}/read`, { all: true })).data).toMatchObject({ count: 0 });
    await stream.until((e) => e.event === 'unread' && e.data.count === 0);
    expect((await list('carol')).records.every((r) => r.read)).toBe(true);
    stream.close();

    const bad = await u.carol.client.post(`${P}/read`, { ids: [] });
    expect(bad.status).toBe(400);
    expect(bad.message).toMatch(/消息编号/);
    expect((await u.carol.client.post(`${P}/read`, {})).status).toBe(400);
  });
});
