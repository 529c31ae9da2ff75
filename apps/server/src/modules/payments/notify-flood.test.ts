import type { LantuPayResult } from '@oj/shared';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../test/helpers';
import { fakeLantu, memoryCatalog } from '../../../test/payments';
import { DEFAULT_RATE_LIMITS } from '../../lib/config';

const MCH = '1230000109';
const KEY = 'FAKEKEY';

/** A forged notify as in the audit (issue 22): a plausible form padded to ~7.8 KB, a wrong signature. */
function forgedNotify(i: number): string {
  const form = new URLSearchParams({
    code: '0',
    timestamp: String(1_700_000_000 + i),
    mch_id: MCH,
    order_no: `LT${i}`,
    out_trade_no: `OJFORGED${String(i).padStart(8, '0')}${'X'.repeat(200)}`,
    pay_no: `PAY${i}`,
    total_fee: '0.01',
    sign: 'E4A8D36085816555E59C90C85F465911',
    attach: 'A'.repeat(7600),
  }).toString();
  expect(form.length).toBeGreaterThan(7700);
  return form;
}

/**
 * Anyone can post to the notify endpoint (issue 22, item 5): refused notifies are rate limited per
 * sender address, and what they leave in the database is bounded (counters plus the last 100,
 * each cut to 1000 characters), whatever gets through.
 */
describe.each(backends())('forged payment notifies on $name', (backend) => {
  let ts: TestServer | undefined;
  let fake: Awaited<ReturnType<typeof fakeLantu>> | undefined;
  afterEach(async () => {
    await ts?.close();
    await fake?.close();
    ts = fake = undefined;
  });

  const start = async (rateLimits = {}) => {
    fake = await fakeLantu({ mchId: MCH, key: KEY });
    const shop = memoryCatalog({ 3: { title: '算法课', price_fen: 990 } });
    ts = await startTestServer(backend, {
      env: { OJ_PAY_PROVIDER: 'lantu', OJ_LTZF_MCH_ID: MCH, OJ_LTZF_KEY: KEY, OJ_LTZF_BASE_URL: fake.url },
      replace: shop.replace,
      rateLimits,
    });
    return { ts, fake, shop };
  };
  const post = async (server: TestServer, body: string) => {
    const res = await fetch(`${server.url}/api/lantu/notify`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    return { status: res.status, text: await res.text() };
  };
  const stored = async (server: TestServer) => {
    const db = server.server.ctx.db.db;
    const events = await db.selectFrom('payment_events').select(['outcome']).execute();
    const ignored = await db
      .selectFrom('payment_ignored')
      .select([sql<number>`count(*)`.as('n'), sql<number>`coalesce(max(length(body)), 0)`.as('longest')])
      .executeTakeFirstOrThrow();
    const counts = await db.selectFrom('payment_ignored_counts').selectAll().orderBy('outcome').execute();
    return {
      events: events.map((e) => e.outcome),
      ignored: Number(ignored.n),
      longest: Number(ignored.longest),
      counts: Object.fromEntries(counts.map((c) => [`${c.source}:${c.outcome}`, Number(c.count)])),
    };
  };

  it('answers 429 to an address past its refused notifies, and records none of those', async () => {
    const { ts, fake, shop } = await start({ notify: DEFAULT_RATE_LIMITS.notify });
    const limit = DEFAULT_RATE_LIMITS.notify.max;
    const answers: string[] = [];
    for (let i = 0; i < 200; i++) {
      const res = await post(ts, forgedNotify(i));
      answers.push(res.status === 429 ? `429 ${JSON.parse(res.text).message}` : `${res.status} ${res.text}`);
    }
    expect(answers.slice(0, limit)).toEqual(Array(limit).fill('200 FAIL'));
    expect(new Set(answers.slice(limit))).toEqual(new Set(['429 支付通知过于频繁，请稍后再试']));
    expect(await stored(ts)).toEqual({ events: [], ignored: limit, longest: 1000, counts: { 'notify:bad_sign': limit } });

    // The provider's verified notify from the same address still settles: only refusals count.
    const { client, uuid } = await ts.register('flood_buyer');
    const o = (await client.post<LantuPayResult>('/api/lantu/pay', { course_id: 3, channel: 'wxpay' })).data;
    fake.markPaid(o.out_trade_no);
    expect(await fake.notify(o.out_trade_no)).toBe('SUCCESS');
    expect(shop.isMember(3, uuid)).toBe(true);
    expect((await stored(ts)).events).toEqual(['paid']);
  });

  it('keeps the last 100 of what gets through (many addresses), and replays the same way', async () => {
    // As from many addresses: the per-address limit out of the way, storage must still be bounded.
    const { ts, fake } = await start({ notify: { max: 100_000, windowMs: 60_000 } });
    for (let i = 0; i < 300; i += 20)
      await Promise.all(Array.from({ length: 20 }, (_, k) => post(ts, forgedNotify(i + k))));
    const { client } = await ts.register('flood_replay');
    const o = (await client.post<LantuPayResult>('/api/lantu/pay', { course_id: 3, channel: 'alipay' })).data;
    fake.markPaid(o.out_trade_no);
    for (let i = 0; i < 51; i++) expect(await fake.notify(o.out_trade_no)).toBe('SUCCESS');
    expect(await stored(ts)).toEqual({
      events: ['paid'],
      ignored: 100,
      longest: 1000,
      counts: { 'notify:bad_sign': 300, 'notify:replay': 50 },
    });
    const kept = await ts.server.ctx.db.db
      .selectFrom('payment_ignored')
      .select(['outcome', 'address', 'out_trade_no'])
      .orderBy('id')
      .execute();
    // The newest are kept: the last 50 forgeries, then the 50 replays (the first notify settled).
    expect(kept.map((k) => k.outcome)).toEqual([...Array(50).fill('bad_sign'), ...Array(50).fill('replay')]);
    expect(kept.slice(50).every((k) => k.address === '127.0.0.1' && k.out_trade_no === o.out_trade_no)).toBe(true);
    expect(kept[0].out_trade_no).toHaveLength(64);
  });
});
