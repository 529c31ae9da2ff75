import { randomUUID } from 'node:crypto';
import type { LantuPayStatus, NotificationPage } from '@oj/shared';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type Client, startTestServer, TestClock, type TestServer } from '../test/helpers';
import { memoryCatalog, placeOrder } from '../test/payments';
import { addEndedContest, addProblem, addUsers, type FixtureSubmission } from '../test/rating-fixture';
import { secondNode } from '../test/two-nodes';
import type { Database } from './db/types';
import type { DomainEvents } from './events';
import { Leases } from './lib/lease';
import { PAYMENTS_TABLES, sandboxProvider } from './modules/payments';
import { scoped } from './db/scoped';
import { PERIODIC_LEASE, PERIODIC_LEASE_MS, periodicWork } from './service-lifecycle';

/**
 * Two nodes of one install (two servers on one database and one Redis prefix): the periodic work
 * runs on one of them and moves when its holder stops; notifications are made once from the
 * outbox whichever node handles it and however often; a sandbox payment started on one node
 * settles once through the other.
 */
describe.each(backends())('two nodes of one install ($name)', (backend) => {
  let a: TestServer;
  let b: Awaited<ReturnType<typeof secondNode>>;
  const shop = memoryCatalog({ 1: { title: '分布式课程', price_fen: 990 } });

  beforeAll(async () => {
    const rateLimits = { post: { max: 1000, windowMs: 60_000 }, comment: { max: 1000, windowMs: 60_000 } };
    a = await startTestServer(backend, { replace: shop.replace, rateLimits });
    // Behind one proxy every node has the install's public address: here node A's, so what node B
    // sends to "our" notify endpoint reaches node A.
    b = await secondNode(a, backend, { replace: shop.replace, rateLimits, publicUrl: a.url });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('runs the periodic work on the node holding the lease: an ended rated contest is rated once, and the work moves when the holder stops renewing', async () => {
    const ctxA = a.server.ctx;
    const ctxB = b.ctx;
    const db = ctxA.db.db as unknown as Kysely<Database>;
    // The first node took the lease at its start and keeps it from tick to tick.
    const leasesA = new Leases(ctxA.db.db, ctxA.node.holder);
    expect(await leasesA.holderOf(PERIODIC_LEASE)).toBe(ctxA.node.holder);

    const users = await addUsers(db, 6);
    const problemId = await addProblem(db);
    const submissions: FixtureSubmission[] = users.flatMap((userId, i) => [
      { userId, index: 0, minute: 10 + i, status: i % 3 === 0 ? 'WA' : 'AC' },
      { userId, index: 1, minute: 30 + i, status: i % 2 === 0 ? 'AC' : 'WA' },
    ]);
    const contestId = await addEndedContest(db, { daysAgo: 1, problemId, problems: 2, users, submissions });

    const start = await db.selectFrom('users').select(['id', 'rating']).where('id', 'in', users).execute();
    const initial = start[0].rating;
    expect(start.every((u) => u.rating === initial)).toBe(true);

    const bClock = new TestClock();
    const leasesB = new Leases(ctxB.db.db, ctxB.node.holder, bClock);
    const ran = await Promise.all([periodicWork(ctxA, leasesA), periodicWork(ctxB, leasesB)]);
    expect(ran).toEqual([true, false]);

    const contest = await db
      .selectFrom('competitions')
      .select(['finalized', 'rating_applied'])
      .where('id', '=', contestId)
      .executeTakeFirstOrThrow();
    expect(contest).toMatchObject({ finalized: 1, rating_applied: 1 });
    const rows = await db
      .selectFrom('competition_participants')
      .innerJoin('users', 'users.id', 'competition_participants.user_id')
      .select([
        'users.rating',
        'competition_participants.rating_change',
        'competition_participants.rating_before',
      ])
      .where('competition_participants.competition_id', '=', contestId)
      .execute();
    expect(rows).toHaveLength(users.length);
    // Applied once: each rating is the start rating plus the one change (twice would add it twice).
    for (const r of rows) {
      expect(r.rating_before).toBe(initial);
      expect(r.rating_change).not.toBeNull();
      expect(r.rating).toBe(initial + r.rating_change!);
    }
    expect(rows.some((r) => r.rating_change !== 0)).toBe(true);

    // The holder dies (stops renewing): once its lease has run out, the other node takes the work.
    bClock.advance(PERIODIC_LEASE_MS + 1000);
    expect(await periodicWork(ctxB, leasesB)).toBe(true);
    expect(await leasesB.holderOf(PERIODIC_LEASE)).toBe(ctxB.node.holder);
    expect(await periodicWork(ctxA, leasesA)).toBe(false);
    // The new holder's run changes nothing of a contest already rated.
    const after = await db
      .selectFrom('competition_participants')
      .innerJoin('users', 'users.id', 'competition_participants.user_id')
      .select(['users.id', 'users.rating', 'competition_participants.rating_change'])
      .where('competition_participants.competition_id', '=', contestId)
      .execute();
    expect(after.map((r) => r.rating).sort()).toEqual(rows.map((r) => r.rating).sort());
    for (const r of after) expect(r.rating).toBe(initial + r.rating_change!);
  });

  it('makes a notification once from the outbox, whichever node handles it and however often it is delivered', async () => {
    const alice = await a.register('nd_alice');
    const bob = await a.register('nd_bob');
    const carol = await a.register('nd_carol');
    const bobOnB: Client = bob.client.on(b.url);
    const unread = async (c: Client) =>
      (await c.post<{ count: number }>('/api/notifications/unread')).data.count;

    const post = await alice.client.post<{ post_id: number }>('/api/posts/add', {
      title: '两节点的题解',
      content: '思路见下',
      category: 'solution',
      problem_id: 1000,
      tags: [],
    });
    expect(post.code, post.message).toBe(0);
    // Bob comments on the other node: the outbox row commits with the comment; some node makes it.
    const added = await bobOnB.post<{ comment_id?: number; id?: number }>('/api/posts/post/comment/add', {
      post_id: post.data.post_id,
      content: '写得好',
    });
    expect(added.code, added.message).toBe(0);
    await expect.poll(() => unread(alice.client), { timeout: 10_000 }).toBe(1);
    const [told] = (await alice.client.post<NotificationPage>('/api/notifications/list?pageNum=1')).data
      .records;
    expect(told).toMatchObject({ kind: 'reply_post', post_id: post.data.post_id });

    // The same outbox row delivered again (a node died after handling it, before deleting it), on
    // both nodes at once: nothing new.
    const event: DomainEvents['comment.added'] = {
      comment_id: told.comment_id!,
      post_id: post.data.post_id,
      post_title: '两节点的题解',
      post_author_id: alice.uuid,
      parent_author_id: null,
      author_id: bob.uuid,
      content: '写得好',
    };
    const mention: DomainEvents['post.changed'] & { event_id: string } = {
      post_id: post.data.post_id,
      author_id: alice.uuid,
      by: alice.uuid,
      title: '两节点的题解',
      category: 'solution',
      problem_id: 1000,
      action: 'edited',
      content: '感谢 @nd_carol 的提示',
      event_id: randomUUID(),
    };
    for (const ctx of [a.server.ctx, b.ctx, a.server.ctx]) {
      await ctx.outbox.add(ctx.db.db, 'comment.added', event.comment_id, event);
      await ctx.outbox.add(ctx.db.db, 'post.changed', mention.post_id, mention);
    }
    await Promise.all([a.server.ctx.outbox.drain(), b.ctx.outbox.drain()]);
    await Promise.all([a.server.ctx.outbox.drain(), b.ctx.outbox.drain()]);
    const left = await a.server.ctx.db.db
      .selectFrom('outbox')
      .select('id')
      .where('topic', 'in', ['comment.added', 'post.changed'])
      .execute();
    expect(left).toEqual([]);
    expect(await unread(alice.client)).toBe(1);
    expect(await unread(carol.client)).toBe(1);
    const carols = (await carol.client.post<NotificationPage>('/api/notifications/list?pageNum=1')).data
      .records;
    expect(carols).toHaveLength(1);
    expect(carols[0]).toMatchObject({ kind: 'mention', post_id: post.data.post_id });
  });

  it('settles a sandbox payment once: checkout on one node, notify on the other', async () => {
    const buyer = await a.register('nd_buyer');
    const no = (await placeOrder(buyer.client, 1, 'wxpay')).out_trade_no;
    // 确认支付 on node B: its sandbox signs with the install's key, node A's endpoint verifies it.
    const confirm = await fetch(`${b.url}/pay/sandbox/${no}/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: b.url },
      body: '',
      redirect: 'manual',
    });
    expect(confirm.status).toBe(303);
    const st = await buyer.client.post<LantuPayStatus>('/api/lantu/pay/status', { out_trade_no: no });
    expect(st.data).toMatchObject({ paid: true, status: 'paid' });
    // Pressed again on node A: the same payment, nothing new.
    await fetch(`${a.url}/pay/sandbox/${no}/confirm`, { method: 'POST', body: '', redirect: 'manual' });
    await expect.poll(() => shop.isMember(1, buyer.uuid), { timeout: 10_000 }).toBe(true);
    await Promise.all([a.server.ctx.outbox.drain(), b.ctx.outbox.drain()]);
    expect(shop.calls.enrol.filter((c) => c.order === no)).toHaveLength(1);
  });

  it('settles a sandbox payment once: paid on one node with its notify lost, found by the order query on the other', async () => {
    const buyer = await a.register('nd_lost');
    const no = (await placeOrder(buyer.client, 1, 'alipay')).out_trade_no;
    // Node A's sandbox records the payment, then its notify never arrives (nobody listens there).
    const sandboxOnA = sandboxProvider({
      publicUrl: () => a.url,
      clock: new TestClock(),
      db: scoped(a.server.ctx.db.db, PAYMENTS_TABLES),
    });
    await expect(
      sandboxOnA.pay({ out_trade_no: no, amount_fen: 990 }, 'http://127.0.0.1:9/api/lantu/notify'),
    ).rejects.toThrow();
    expect(shop.isMember(1, buyer.uuid)).toBe(false);
    // The payer's page asks node B: its order query finds the payment and settles it.
    const onB = buyer.client.on(b.url);
    const st = await onB.post<LantuPayStatus>('/api/lantu/pay/status', { out_trade_no: no });
    expect(st.data).toMatchObject({ paid: true, status: 'paid' });
    // The late notify (the same payment) changes nothing.
    await fetch(`${a.url}/pay/sandbox/${no}/confirm`, { method: 'POST', body: '', redirect: 'manual' });
    await expect.poll(() => shop.isMember(1, buyer.uuid), { timeout: 10_000 }).toBe(true);
    await Promise.all([a.server.ctx.outbox.drain(), b.ctx.outbox.drain()]);
    expect(shop.calls.enrol.filter((c) => c.order === no)).toHaveLength(1);
  });
});
