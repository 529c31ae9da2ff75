import type { AdminOrderPage, LantuPayResult, LantuPayStatus, OrderPage } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../index';
import {
  backends,
  type Client,
  loginAsBoss,
  restartableOptions,
  startTestServer,
  type TestServer,
} from '../../../test/helpers';
import { memoryCatalog } from '../../../test/payments';

/**
 * The default (sandbox) provider end to end: the checkout page's 确认支付 posts the signed notify
 * to our notify endpoint over HTTP; and who may call what.
 */
describe.each(backends())('payments with the sandbox on $name', (backend) => {
  let ts: TestServer;
  const shop = memoryCatalog({ 1: { title: '<b>算法</b>入门', price_fen: 1990 }, 2: { title: '免费课', price_fen: 0 } });
  const clients = {} as Record<'anonymous' | 'user' | 'other' | 'banned' | 'admin', Client>;
  let userId = 0;

  beforeAll(async () => {
    ts = await startTestServer(backend, { replace: shop.replace });
    clients.anonymous = ts.client();
    const user = await ts.register('sb_user');
    clients.user = user.client;
    userId = user.uuid;
    clients.other = (await ts.register('sb_other')).client;
    const bad = await ts.register('sb_banned');
    clients.banned = bad.client;
    clients.admin = await ts.login(ts.admin.account, ts.admin.password);
    expect((await clients.admin.post('/api/user/admin/ban', [bad.uuid])).code).toBe(0);
  });
  afterAll(() => ts?.close());

  it('pays through the local checkout page', async () => {
    const res = await clients.user.post<LantuPayResult>('/api/lantu/pay', { course_id: 1, channel: 'alipay' });
    expect(res.code, res.message).toBe(0);
    const o = res.data;
    expect(o).toMatchObject({ amount_fen: 1990, provider: 'sandbox', title: '<b>算法</b>入门' });
    expect(o.checkout_url).toBe(`${ts.url}/pay/sandbox/${o.out_trade_no}`);
    expect(o.code_url).toBe(o.checkout_url);

    const page = await fetch(o.checkout_url!);
    const html = await page.text();
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(html).toContain('确认支付');
    expect(html).toContain('¥19.90');
    expect(html).toContain('&lt;b&gt;算法&lt;/b&gt;入门');
    expect(html).not.toContain('<b>算法');

    // The page's form: a plain form post from our own origin, no cookie.
    const confirm = await fetch(`${ts.url}/pay/sandbox/${o.out_trade_no}/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ts.url },
      body: '',
      redirect: 'manual',
    });
    expect(confirm.status).toBe(303);
    expect(await (await fetch(o.checkout_url!)).text()).toContain('支付成功');
    const st = await clients.user.post<LantuPayStatus>('/api/lantu/pay/status', { out_trade_no: o.out_trade_no });
    expect(st.data).toMatchObject({ paid: true, status: 'paid', course_id: 1 });
    expect(shop.isMember(1, userId)).toBe(true);
    expect(shop.calls.enrol.filter((c) => c.order === o.out_trade_no)).toHaveLength(1);

    // Pressing 确认支付 again changes nothing.
    await fetch(`${ts.url}/pay/sandbox/${o.out_trade_no}/confirm`, { method: 'POST', body: '', redirect: 'manual' });
    expect(shop.calls.enrol.filter((c) => c.order === o.out_trade_no)).toHaveLength(1);

    const mine = await clients.user.get<OrderPage>('/api/lantu/orders?pageNum=1');
    expect(mine.data.records[0]).toMatchObject({ out_trade_no: o.out_trade_no, status: 'paid', title: '<b>算法</b>入门' });
    expect(mine.data.records[0]).not.toHaveProperty('pay_no');
    expect((await clients.other.get<OrderPage>('/api/lantu/orders')).data.total).toBe(0);
  });

  it('keeps the grant of a paid order until it succeeds (outbox)', async () => {
    const { client, uuid } = await ts.register('sb_retry');
    const o = (await client.post<LantuPayResult>('/api/lantu/pay', { course_id: 1, channel: 'wxpay' })).data;
    shop.failing.enrol = 2;
    const confirm = await fetch(`${o.checkout_url}/confirm`, { method: 'POST', body: '', redirect: 'manual' });
    expect(confirm.status).toBe(303);
    // Paid at once; the failed grant stays in the outbox and a later pass (≤ 1 s) enrols.
    expect((await client.post<LantuPayStatus>('/api/lantu/pay/status', { out_trade_no: o.out_trade_no })).data.paid).toBe(true);
    expect(shop.failing.failed).toBeGreaterThanOrEqual(1);
    await expect.poll(() => shop.isMember(1, uuid), { timeout: 5000 }).toBe(true);
    expect(shop.failing.failed).toBe(2);
    expect(shop.calls.enrol.filter((c) => c.order === o.out_trade_no)).toHaveLength(1);
  });

  it('closes the other open order of a paid course: its checkout no longer takes a payment', async () => {
    const { client, uuid } = await ts.register('sb_two_channels');
    const wx = (await client.post<LantuPayResult>('/api/lantu/pay', { course_id: 1, channel: 'wxpay' })).data;
    const ali = (await client.post<LantuPayResult>('/api/lantu/pay', { course_id: 1, channel: 'alipay' })).data;
    expect(ali.out_trade_no).not.toBe(wx.out_trade_no);
    await fetch(`${wx.checkout_url}/confirm`, { method: 'POST', body: '', redirect: 'manual' });
    expect(shop.isMember(1, uuid)).toBe(true);
    const page = await (await fetch(ali.checkout_url!)).text();
    expect(page).toContain('订单已关闭');
    expect(page).not.toContain('确认支付</button>');
    await fetch(`${ali.checkout_url}/confirm`, { method: 'POST', body: '', redirect: 'manual' });
    const st = await client.post<LantuPayStatus>('/api/lantu/pay/status', { out_trade_no: ali.out_trade_no });
    expect(st.data).toMatchObject({ paid: false, status: 'closed' });
  });

  it('refuses a notify not signed with the sandbox key, even from the sandbox page path', async () => {
    const o = (await clients.other.post<LantuPayResult>('/api/lantu/pay', { course_id: 1, channel: 'wxpay' })).data;
    const res = await fetch(`${ts.url}/api/lantu/notify`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      body: new URLSearchParams({
        code: '0',
        timestamp: '1',
        mch_id: 'SANDBOX',
        order_no: 'x',
        out_trade_no: o.out_trade_no,
        pay_no: 'y',
        total_fee: '19.90',
        sign: 'E4A8D36085816555E59C90C85F465911',
      }).toString(),
    });
    expect([res.status, await res.text()]).toEqual([200, 'FAIL']);
    expect((await clients.other.post<LantuPayStatus>('/api/lantu/pay/status', { out_trade_no: o.out_trade_no })).data.paid).toBe(false);
  });

  it('answers clear errors for what cannot be bought', async () => {
    const free = await clients.other.post('/api/lantu/pay', { course_id: 2, channel: 'wxpay' });
    expect([free.status, free.message]).toEqual([400, '这是免费课程，无需支付，直接加入即可']);
    const missing = await clients.other.post('/api/lantu/pay', { course_id: 99, channel: 'wxpay' });
    expect([missing.status, missing.message]).toEqual([404, '课程 99 不存在或不可购买']);
    const channel = await clients.other.post('/api/lantu/pay', { course_id: 1, channel: 'paypal' });
    expect([channel.status, channel.message]).toEqual([400, '支付方式必须是微信支付或支付宝']);
    const member = await clients.user.post('/api/lantu/pay', { course_id: 1, channel: 'wxpay' });
    expect([member.status, member.message]).toEqual([409, '你已加入该课程，无需重复购买']);
  });

  it.each([
    ['anonymous', 401, 40101],
    // A ban ends the user's sessions at once: the banned client is refused as logged out.
    ['banned', 401, 40101],
  ] as const)('refuses every buyer call to %s', async (who, status, code) => {
    for (const res of [
      await clients[who].post('/api/lantu/pay', { course_id: 1, channel: 'wxpay' }),
      await clients[who].post('/api/lantu/pay/status', { out_trade_no: 'OJ1' }),
      await clients[who].get('/api/lantu/orders'),
    ])
      expect([res.status, res.code]).toEqual([status, code]);
  });

  it.each([
    ['anonymous', 401, 40101],
    ['banned', 401, 40101],
    ['user', 403, 40300],
    ['admin', 200, 0],
  ] as const)('management calls as %s', async (who, status, code) => {
    const list = await clients[who].get<AdminOrderPage>('/api/lantu/admin/orders?pageNum=1&status=paid');
    expect([list.status, list.code]).toEqual([status, code]);
    if (code === 0) {
      expect(list.data.records.every((r) => r.status === 'paid')).toBe(true);
      expect(list.data.records.find((r) => r.username === 'sb_user')).toMatchObject({ provider: 'sandbox', amount_fen: 1990 });
    }
    const refund = await clients[who].post('/api/lantu/admin/refund', { out_trade_no: 'OJNONE', reason: '测试' });
    expect(refund.status).toBe(code === 0 ? 404 : status);
  });

  it('keeps the refusal of form bodies on every other route', async () => {
    const res = await clients.user.request('POST', '/api/lantu/pay', {
      body: 'course_id=1&channel=wxpay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(415);
  });
});

describe('payments for what the catalog does not sell', () => {
  it('refuses an unknown course and a missing order page', async () => {
    const ts = await startTestServer({ name: 'sqlite' });
    try {
      const { client } = await ts.register('nocat_user');
      const res = await client.post('/api/lantu/pay', { course_id: 1, channel: 'wxpay' });
      // The composition root links the courses as the catalog: course 1 does not exist.
      expect([res.status, res.message]).toEqual([404, '课程 1 不存在或不可购买']);
      const page = await fetch(`${ts.url}/pay/sandbox/OJ404`);
      expect(page.status).toBe(404);
      expect(await page.text()).toContain('订单不存在');
    } finally {
      await ts.close();
    }
  });
});

describe('a paid order across a crash', () => {
  it('is granted after a restart when the grant had not happened', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'oj-pay-restart-'));
    const shop = memoryCatalog({ 4: { title: '图论', price_fen: 500 } });
    const options = { ...restartableOptions(dataDir), replace: shop.replace };
    try {
      let server = await startServer(options);
      let boss = await loginAsBoss(server.url);
      const me = (await boss.get<{ uuid: number }>('/api/user/current')).data.uuid;
      const o = (await boss.post<LantuPayResult>('/api/lantu/pay', { course_id: 4, channel: 'wxpay' })).data;
      shop.failing.enrol = Number.MAX_SAFE_INTEGER; // the courses' side is down until the restart
      const confirm = await fetch(`${o.checkout_url}/confirm`, { method: 'POST', body: '', redirect: 'manual' });
      expect(confirm.status).toBe(303);
      expect((await boss.post<LantuPayStatus>('/api/lantu/pay/status', { out_trade_no: o.out_trade_no })).data.paid).toBe(true);
      expect(shop.isMember(4, me)).toBe(false);
      await server.close();

      shop.failing.enrol = 0;
      server = await startServer(options);
      await expect.poll(() => shop.isMember(4, me), { timeout: 5000 }).toBe(true);
      expect(shop.calls.enrol).toEqual([{ courseId: 4, userId: me, order: o.out_trade_no }]);
      boss = await loginAsBoss(server.url);
      expect((await boss.post<LantuPayStatus>('/api/lantu/pay/status', { out_trade_no: o.out_trade_no })).data.status).toBe('paid');
      await server.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
