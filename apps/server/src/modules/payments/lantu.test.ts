import type { AdminOrderPage, LantuPayStatus } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type Client, startTestServer, TestClock, type TestServer } from '../../../test/helpers';
import { fakeLantu, memoryCatalog, placeOrder } from '../../../test/payments';

const MCH = '1230000109';
const KEY = 'FAKEKEY';
const COURSE = 7;

/**
 * The lantu provider against a fake 蓝兔支付 server that checks our signatures and signs its own
 * answers and notifies: every notify either settles exactly once or changes nothing.
 */
describe.each(backends())('蓝兔支付 on $name', (backend) => {
  let ts: TestServer;
  let fake: Awaited<ReturnType<typeof fakeLantu>>;
  const shop = memoryCatalog({
    [COURSE]: { title: '算法进阶课', price_fen: 990 },
    8: { title: '数据结构', price_fen: 1 },
  });
  const clock = new TestClock();
  let buyer: { client: Client; uuid: number };
  let admin: Client;

  beforeAll(async () => {
    fake = await fakeLantu({ mchId: MCH, key: KEY });
    ts = await startTestServer(backend, {
      env: { OJ_PAY_PROVIDER: 'lantu', OJ_LTZF_MCH_ID: MCH, OJ_LTZF_KEY: KEY, OJ_LTZF_BASE_URL: fake.url },
      clock,
      replace: shop.replace,
    });
    buyer = await ts.register('lantu_buyer');
    admin = await ts.login(ts.admin.account, ts.admin.password);
  });
  afterAll(async () => {
    await ts?.close();
    await fake?.close();
  });

  const order = (client = buyer.client, courseId = COURSE, channel = 'wxpay') =>
    placeOrder(client, courseId, channel);
  const status = async (no: string, client = buyer.client) =>
    (await client.post<LantuPayStatus>('/api/lantu/pay/status', { out_trade_no: no })).data;

  it('creates the provider order with the catalog price, signed, and reuses an open one', async () => {
    const o = await order();
    expect(o).toMatchObject({ amount_fen: 990, provider: 'lantu', channel: 'wxpay', checkout_url: null });
    expect(o.code_url).toBe(`weixin://wxpay/bizpayurl?pr=${o.out_trade_no}`);
    const sent = fake.requests.find((r) => r.form.out_trade_no === o.out_trade_no)!;
    expect(sent.path).toBe('wxpay/native');
    expect(sent.form).toMatchObject({
      mch_id: MCH,
      total_fee: '9.90',
      body: '算法进阶课',
      notify_url: `${ts.url}/api/lantu/notify`,
    });
    expect(fake.badSignatures).toEqual([]);
    expect((await order()).out_trade_no).toBe(o.out_trade_no);
    const ali = await order(buyer.client, COURSE, 'alipay');
    expect(ali.out_trade_no).not.toBe(o.out_trade_no);
    expect(fake.requests.at(-1)!.path).toBe('alipay/native');
  });

  it('refuses a provider answer with a wrong signature, and closes that order', async () => {
    const { client } = await ts.register('lantu_forged_answer');
    fake.state.answerKey = 'NOT-THE-KEY';
    try {
      const res = await client.post('/api/lantu/pay', { course_id: COURSE, channel: 'wxpay' });
      expect([res.status, res.code]).toEqual([503, 50300]);
      expect(res.message).toContain('签名不正确');
    } finally {
      fake.state.answerKey = KEY;
    }
    const mine = await client.get<{ records: { status: string }[] }>('/api/lantu/orders');
    expect(mine.data.records.map((r) => r.status)).toEqual(['closed']);
  });

  it('never takes the amount from the client', async () => {
    const natives = fake.requests.length;
    const res = await buyer.client.post('/api/lantu/pay', {
      course_id: COURSE,
      channel: 'wxpay',
      amount_fen: 1,
    });
    expect(res.status).toBe(400);
    expect(res.message).toContain('金额由服务器按课程价格决定');
    const forged = await buyer.client.post('/api/lantu/pay', {
      course_id: COURSE,
      channel: 'wxpay',
      total_fee: '0.01',
    });
    expect(forged.status).toBe(400);
    expect(fake.requests.length).toBe(natives);
    const fees = fake.requests.filter((r) => r.path.endsWith('native')).map((r) => r.form.total_fee);
    expect(new Set(fees)).toEqual(new Set(['9.90']));
  });

  it('refuses forged, altered, foreign and unknown notifies and changes nothing', async () => {
    const { client, uuid } = await ts.register('lantu_victim');
    const o = await order(client);
    expect(await fake.notify(o.out_trade_no, { key: 'WRONGKEY' })).toBe('FAIL');
    // Signed, then the amount changed on the way.
    expect(await fake.notify(o.out_trade_no, { fields: { total_fee: '0.01' }, resign: false })).toBe('FAIL');
    // Properly signed with the right key, but for another amount or another merchant.
    expect(await fake.notify(o.out_trade_no, { fields: { total_fee: '0.01' } })).toBe('FAIL');
    expect(await fake.notify(o.out_trade_no, { fields: { mch_id: '999' } })).toBe('FAIL');
    expect(await fake.notify(o.out_trade_no, { fields: { code: '1' } })).toBe('FAIL');
    expect(await fake.notify('OJ404NOTHERE', { notifyUrl: `${ts.url}/api/lantu/notify` })).toBe('FAIL');
    const plain = await fetch(`${ts.url}/api/lantu/notify`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'out_trade_no=x',
    });
    expect(await plain.text()).toBe('FAIL');
    expect(await status(o.out_trade_no, client)).toMatchObject({ paid: false, status: 'created' });
    expect(shop.isMember(COURSE, uuid)).toBe(false);
  });

  it('settles a verified notify once, however often and concurrently it comes', async () => {
    const { client, uuid } = await ts.register('lantu_payer');
    const o = await order(client);
    fake.markPaid(o.out_trade_no);
    const before = shop.calls.enrol.length;
    const answers = await Promise.all(Array.from({ length: 10 }, () => fake.notify(o.out_trade_no)));
    expect(answers).toEqual(Array(10).fill('SUCCESS'));
    expect(await fake.notify(o.out_trade_no)).toBe('SUCCESS');
    expect(shop.calls.enrol.slice(before)).toEqual([
      { courseId: COURSE, userId: uuid, order: o.out_trade_no },
    ]);
    expect(await status(o.out_trade_no, client)).toMatchObject({
      paid: true,
      status: 'paid',
      amount_fen: 990,
    });
    // A member does not buy again.
    const again = await client.post('/api/lantu/pay', { course_id: COURSE, channel: 'wxpay' });
    expect([again.status, again.code]).toEqual([409, 40900]);
  });

  it('falls back to the order query, at most once per 5 s per order', async () => {
    const { client, uuid } = await ts.register('lantu_quiet');
    const o = await order(client);
    const before = shop.calls.enrol.length;
    for (let i = 0; i < 3; i++) expect((await status(o.out_trade_no, client)).paid).toBe(false);
    expect(fake.queries(o.out_trade_no)).toBe(1);
    fake.markPaid(o.out_trade_no); // paid, but the notify never arrives
    expect((await status(o.out_trade_no, client)).paid).toBe(false);
    expect(fake.queries(o.out_trade_no)).toBe(1);
    clock.advance(5000);
    const [a, b] = await Promise.all([status(o.out_trade_no, client), status(o.out_trade_no, client)]);
    expect(fake.queries(o.out_trade_no)).toBe(2);
    expect(a.paid || b.paid).toBe(true);
    expect((await status(o.out_trade_no, client)).paid).toBe(true);
    expect(shop.calls.enrol.length - before).toBe(1);
    expect(shop.isMember(COURSE, uuid)).toBe(true);
    // The late notify is a replay.
    expect(await fake.notify(o.out_trade_no)).toBe('SUCCESS');
    expect(shop.calls.enrol.length - before).toBe(1);
    expect(fake.queries(o.out_trade_no)).toBe(2);
  });

  it('shows an order to its owner only', async () => {
    const o = await order(buyer.client, 8);
    const other = await ts.register('lantu_other');
    const res = await other.client.post('/api/lantu/pay/status', { out_trade_no: o.out_trade_no });
    expect([res.status, res.code]).toEqual([404, 40400]);
    const anon = await ts.client().post('/api/lantu/pay/status', { out_trade_no: o.out_trade_no });
    expect(anon.status).toBe(401);
  });

  /** A buyer with two open orders of the course (one per channel), both then paid. */
  const paidTwice = async (account: string) => {
    const buyer = await ts.register(account);
    const wx = await order(buyer.client, COURSE, 'wxpay');
    const ali = await order(buyer.client, COURSE, 'alipay');
    fake.markPaid(wx.out_trade_no);
    expect(await fake.notify(wx.out_trade_no)).toBe('SUCCESS');
    fake.markPaid(ali.out_trade_no);
    expect(await fake.notify(ali.out_trade_no)).toBe('SUCCESS');
    return { ...buyer, wx: wx.out_trade_no, ali: ali.out_trade_no };
  };
  const adminRows = async (query: string) =>
    (await admin.get<AdminOrderPage>(`/api/lantu/admin/orders?pageSize=100&${query}`)).data.records;
  const refund = async (no: string) => {
    const res = await admin.post('/api/lantu/admin/refund', { out_trade_no: no, reason: '重复支付' });
    expect(res.code, res.message).toBe(0);
  };

  it('takes no new order for a course paid for but not granted yet, and closes the other open one', async () => {
    const { client, uuid } = await ts.register('lantu_paid_waiting');
    const wx = await order(client, COURSE, 'wxpay');
    const ali = await order(client, COURSE, 'alipay');
    shop.failing.enrol = Number.MAX_SAFE_INTEGER; // the grant waits in the outbox
    try {
      fake.markPaid(wx.out_trade_no);
      expect(await fake.notify(wx.out_trade_no)).toBe('SUCCESS');
      expect(shop.isMember(COURSE, uuid)).toBe(false);
      for (const channel of ['wxpay', 'alipay']) {
        const again = await client.post('/api/lantu/pay', { course_id: COURSE, channel });
        expect([again.status, again.message]).toEqual([409, '你已购买该课程，无需重复购买']);
      }
      expect(await status(ali.out_trade_no, client)).toMatchObject({ paid: false, status: 'closed' });
    } finally {
      shop.failing.enrol = 0;
    }
    await expect.poll(() => shop.isMember(COURSE, uuid), { timeout: 5000 }).toBe(true);
  });

  it('settles a second payment of the same course, keeps the course and marks it for a refund', async () => {
    const twice = await paidTwice('lantu_twice');
    expect(shop.isMember(COURSE, twice.uuid)).toBe(true);
    expect(await status(twice.ali, twice.client)).toMatchObject({ paid: true, status: 'paid' });
    const rows = (await adminRows('status=paid')).filter((r) => r.uuid === twice.uuid);
    expect(rows.map((r) => [r.out_trade_no, r.refund_due, r.other_paid])).toEqual([
      [twice.ali, true, 1],
      [twice.wx, false, 1],
    ]);
    const due = await adminRows('refund_due=1');
    expect(due.map((r) => r.out_trade_no)).toEqual([twice.ali]);
    const bad = await admin.get('/api/lantu/admin/orders?refund_due=yes');
    expect(bad.status).toBe(400);
    expect(bad.message).toContain('待退款筛选只能是 0 或 1');

    // Refunding the duplicate keeps the course; refunding the last paid order takes it back.
    const unenrols = shop.calls.unenrol;
    await refund(twice.ali);
    expect(shop.isMember(COURSE, twice.uuid)).toBe(true);
    expect(shop.calls.unenrol).toBe(unenrols);
    expect(await adminRows('refund_due=1')).toEqual([]);
    expect((await adminRows('status=paid')).find((r) => r.out_trade_no === twice.wx)).toMatchObject({
      refund_due: false,
      other_paid: 0,
    });
    await refund(twice.wx);
    expect(shop.isMember(COURSE, twice.uuid)).toBe(false);
  });

  it('keeps the course when the first of two paid orders is refunded', async () => {
    const twice = await paidTwice('lantu_twice_first');
    await refund(twice.wx);
    expect(shop.isMember(COURSE, twice.uuid)).toBe(true);
    // The remaining payment is the one that counts now: no longer due for a refund.
    expect((await adminRows('status=paid')).find((r) => r.out_trade_no === twice.ali)).toMatchObject({
      refund_due: false,
      other_paid: 0,
    });
    await refund(twice.ali);
    expect(shop.isMember(COURSE, twice.uuid)).toBe(false);
  });

  it('refunds by an admin only, through the provider, and the buyer leaves the course', async () => {
    const { client, uuid } = await ts.register('lantu_refund');
    const o = await order(client);
    fake.markPaid(o.out_trade_no);
    expect(await fake.notify(o.out_trade_no)).toBe('SUCCESS');
    expect(shop.isMember(COURSE, uuid)).toBe(true);
    const body = { out_trade_no: o.out_trade_no, reason: '重复购买' };
    const byUser = await client.post('/api/lantu/admin/refund', body);
    expect([byUser.status, byUser.code]).toEqual([403, 40300]);
    expect((await ts.client().post('/api/lantu/admin/refund', body)).status).toBe(401);
    const refunds = () =>
      fake.requests.filter((r) => r.path.endsWith('refund_order') && r.form.out_trade_no === o.out_trade_no);
    expect(refunds()).toEqual([]);

    const done = await admin.post('/api/lantu/admin/refund', body);
    expect(done.code, done.message).toBe(0);
    const sent = refunds()[0];
    expect(sent.path).toBe('wxpay/refund_order');
    expect(sent.form).toMatchObject({
      out_trade_no: o.out_trade_no,
      refund_fee: '9.90',
      out_refund_no: `R${o.out_trade_no}`,
    });
    expect(shop.isMember(COURSE, uuid)).toBe(false);
    expect(await status(o.out_trade_no, client)).toMatchObject({ paid: false, status: 'refunded' });
    const twice = await admin.post('/api/lantu/admin/refund', body);
    expect(twice.status).toBe(400);
    // A notify replayed after the refund changes nothing.
    expect(await fake.notify(o.out_trade_no)).toBe('SUCCESS');
    expect(shop.isMember(COURSE, uuid)).toBe(false);

    const list = await admin.get<AdminOrderPage>('/api/lantu/admin/orders?pageNum=1&status=refunded');
    expect(list.data.records.map((r) => r.out_trade_no)).toContain(o.out_trade_no);
    expect(list.data.records[0]).toMatchObject({
      username: 'lantu_refund',
      refund_reason: '重复购买',
      status: 'refunded',
    });
    expect(fake.badSignatures).toEqual([]);
  });
});
