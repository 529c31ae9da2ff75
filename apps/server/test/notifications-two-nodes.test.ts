import { describe, expect, it } from 'vitest';
import { openSse } from './sse-client';
import { TWO_NODES, twoNodeInstall } from './two-node-install';


/**
 * Two nodes of one install (PostgreSQL + Redis): a comment stored on node A notifies its post's
 * author once (its outbox row is handled by one node), and the author's unread badge open on
 * node B follows live.
 */
describe.skipIf(!TWO_NODES)('notifications across two server nodes', () => {
  const nodes = twoNodeInstall();

  it('the badge on the other node counts a new notification once, and a read', async () => {
    const { a, b } = nodes;
    const author = await a.register('node_author');
    const commenter = await a.register('node_commenter');
    const onB = author.client.on(b.url);
    const stream = openSse(`${b.url}/api/notifications/stream`, onB);
    const first = await stream.until((e) => e.event === 'unread');
    expect(stream.events[first].data.count).toBe(0);

    // A real post of the author's: a notification goes only to those who may read its post.
    const post = await author.client.post<{ post_id: number }>('/api/posts/add', {
      title: '跨节点',
      content: '正文',
      category: 'discussion',
      tags: [],
    });
    // The comment's notification goes through the outbox (issue 30): made once, on either node.
    const added = await commenter.client.post('/api/posts/post/comment/add', {
      post_id: post.data.post_id,
      content: '你好',
    });
    expect(added.code, added.message).toBe(0);
    await stream.until((e) => e.event === 'unread' && e.data.count === 1, first + 1, 10_000);
    await new Promise((r) => setTimeout(r, 500));
    const list = await onB.post<{ total: number }>('/api/notifications/list?pageNum=1');
    expect(list.data.total).toBe(1);

    // Read on node A: the stream on node B drops to 0.
    expect((await author.client.post('/api/notifications/read', { all: true })).code).toBe(0);
    await stream.until((e) => e.event === 'unread' && e.data.count === 0, first + 1, 10_000);
    expect(stream.events.filter((e) => e.event === 'unread').map((e) => e.data.count)).toEqual([0, 1, 0]);
    stream.close();
  });
});
