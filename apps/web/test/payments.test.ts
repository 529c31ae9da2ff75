import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { BOSS, pageApi as api, registerViaApi, shot, signedInPage, startEnv, type Env } from './support';

// Paying for a course on the real server and built sites, with the default sandbox provider: the
// pay dialog (opened from 我的订单 → 继续支付, as the course page will open it) shows the amount and
// the QR code; the sandbox checkout's 确认支付 sends the signed notify to our notify endpoint; the
// dialog's polling sees 支付成功. Then an admin refunds the order in 订单管理.
// The courses live on another branch: an in-memory catalog stands in for them.
const COURSE = 5;
const members = new Set<string>();
const catalog = {
  priceOf: async (id: number) => (id === COURSE ? { title: '动态规划专题', price_fen: 4900 } : null),
  isMember: async (c: number, u: number) => members.has(`${c}:${u}`),
  enrol: async (c: number, u: number) => void members.add(`${c}:${u}`),
  unenrol: async (c: number, u: number) => void members.delete(`${c}:${u}`),
};

let env: Env;
let buyer: Page;
let buyerId = 0;
const stamp = Date.now().toString(36);
const account = { account: `payer_${stamp}`, password: 'Payer-pass-1' };

beforeAll(async () => {
  env = await startEnv({ replace: { paymentCatalog: catalog } });
  buyerId = await registerViaApi(env, account.account, account.password);
  buyer = await signedInPage(env, account.account, account.password);
}, 120_000);
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') await shot(buyer, `failed-payments-${ctx.task.name.replace(/\W+/g, '-').slice(0, 30)}`);
});
afterAll(async () => {
  await env?.close();
});

/**
 * How far elements under `root` stick out of the window (a phone must not scroll sideways), with
 * the culprits for the failure message. The site's top bar is not this feature's (its phone
 * drawer comes with the responsive layout work), so the whole document is checked only on the
 * checkout page, which is ours alone.
 */
const overflow = (page: Page, root: string) =>
  page.evaluate((sel) => {
    const out = [...document.querySelectorAll(`${sel}, ${sel} *`)]
      .map((e) => ({ e, right: e.getBoundingClientRect().right }))
      .filter(({ right }) => right > window.innerWidth + 1);
    const doc = sel === 'body' ? document.documentElement.scrollWidth - window.innerWidth : 0;
    return {
      px: Math.max(doc, ...out.map(({ right }) => Math.round(right - window.innerWidth))),
      what: out.slice(0, 6).map(({ e, right }) => `${e.tagName}.${String(e.className).slice(0, 50)} ${Math.round(right)}`).join('\n'),
    };
  }, root);

async function fits(page: Page, root: string) {
  const { px, what } = await overflow(page, root);
  expect(px, what).toBeLessThanOrEqual(0);
}

/** The page itself does not scroll sideways (a wide table scrolls inside its own box). */
async function noSideScroll(page: Page) {
  const px = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(px).toBeLessThanOrEqual(0);
}

async function openOrders(page: Page) {
  await page.goto(`${env.server.url}/user?tab=orders`);
  await page.getByTestId('orders-tab').waitFor();
}

describe('paying for a course with the sandbox', () => {
  it('pays through the dialog and the sandbox checkout', async () => {
    await buyer.setViewportSize({ width: 1440, height: 900 });
    const order = await api<{ out_trade_no: string }>(buyer, '/api/lantu/pay', { course_id: COURSE, channel: 'wxpay' });
    expect(order.code, order.message).toBe(0);
    await openOrders(buyer);
    const row = buyer.getByTestId(`order-${order.data.out_trade_no}`);
    await expect.poll(() => row.getByTestId('order-status').textContent()).toBe('待支付');
    await shot(buyer, 'payments-orders-desktop');

    await row.getByTestId('order-pay').click();
    const dialog = buyer.getByTestId('pay-dialog');
    await expect.poll(() => dialog.getByTestId('pay-amount').textContent()).toBe('¥49.00');
    await dialog.getByTestId('pay-qr').locator('svg').waitFor();
    await expect.poll(() => dialog.textContent()).toContain(order.data.out_trade_no); // the same open order
    await shot(buyer, 'payments-dialog-desktop');

    const context: BrowserContext = buyer.context();
    const [checkout] = await Promise.all([context.waitForEvent('page'), dialog.getByTestId('pay-checkout-link').click()]);
    const violations: string[] = [];
    checkout.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    await checkout.setViewportSize({ width: 1440, height: 900 });
    await checkout.getByRole('button', { name: '确认支付' }).waitFor();
    expect(await checkout.textContent('body')).toContain('¥49.00');
    await shot(checkout, 'payments-checkout-desktop');
    await checkout.getByRole('button', { name: '确认支付' }).click();
    await checkout.getByText('支付成功').waitFor();
    expect(violations).toEqual([]);
    await checkout.close();

    await buyer.getByTestId('pay-success').waitFor({ timeout: 10_000 });
    await shot(buyer, 'payments-dialog-paid');
    // onPaid: the host closes the dialog and reloads its list.
    await expect.poll(() => row.getByTestId('order-status').textContent(), { timeout: 10_000 }).toBe('已支付');
    expect(members.has(`${COURSE}:${buyerId}`)).toBe(true);
  });

  it('fits a phone: orders, the dialog and the checkout', async () => {
    const other = `phone_${stamp}`;
    await registerViaApi(env, other, account.password);
    const page = await signedInPage(env, other, account.password);
    await page.setViewportSize({ width: 390, height: 844 });
    const order = await api<{ out_trade_no: string; checkout_url: string }>(page, '/api/lantu/pay', {
      course_id: COURSE,
      channel: 'alipay',
    });
    expect(order.code, order.message).toBe(0);
    await openOrders(page);
    await page.getByTestId('order-pay').waitFor();
    await fits(page, '[data-testid="orders-tab"]');
    await shot(page, 'payments-orders-phone');
    await page.getByTestId('order-pay').click();
    await page.getByTestId('pay-dialog').getByTestId('pay-qr').locator('svg').waitFor();
    expect(await page.getByTestId('pay-channel').textContent()).toContain('支付宝');
    await fits(page, '.ant-modal');
    await shot(page, 'payments-dialog-phone');
    await page.goto(order.data.checkout_url);
    await page.getByRole('button', { name: '确认支付' }).waitFor();
    await fits(page, 'body');
    await shot(page, 'payments-checkout-phone');
    await page.context().close();
  });

  it('an admin refunds a paid order in 订单管理 after confirming', async () => {
    const admin = await signedInPage(env, BOSS.account, BOSS.password);
    await admin.setViewportSize({ width: 1440, height: 900 });
    await admin.goto(`${env.server.url}/admin/orders`);
    await admin.getByTestId('admin-orders').locator('.ant-table-row').first().waitFor();
    await admin.getByTestId('admin-orders-status').click();
    await admin.locator('.ant-select-item-option', { hasText: '已支付' }).click();
    await expect.poll(() => admin.getByTestId('admin-orders').locator('.ant-table-row').count()).toBe(1);
    await admin.locator('.ant-select-dropdown').waitFor({ state: 'hidden' });
    await shot(admin, 'payments-admin-orders');
    await admin.locator('[data-testid^="refund-OJ"]').click();
    const dialog = admin.getByTestId('refund-dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('¥49.00');
    await admin.getByTestId('refund-reason').fill('学员申请退款');
    await admin.getByRole('button', { name: '确认退款' }).and(admin.locator(':enabled')).waitFor();
    await shot(admin, 'payments-admin-refund');
    await admin.getByRole('button', { name: '确认退款' }).click();
    await expect.poll(() => admin.getByTestId('admin-orders').locator('.ant-table-row').count()).toBe(0);
    expect(members.has(`${COURSE}:${buyerId}`)).toBe(false);
    await openOrders(buyer);
    await expect.poll(() => buyer.getByTestId('orders-tab').locator('[data-testid="order-status"]').first().textContent()).toBe('已退款');
    await admin.context().close();
  });

  it('shows a second payment of a course as due for a refund, and the refund keeps the course', async () => {
    const name = `twice_${stamp}`;
    const uuid = await registerViaApi(env, name, account.password);
    const page = await signedInPage(env, name, account.password);
    const wx = await api<{ out_trade_no: string; amount_fen: number }>(page, '/api/lantu/pay', { course_id: COURSE, channel: 'wxpay' });
    const ali = await api<{ out_trade_no: string; amount_fen: number }>(page, '/api/lantu/pay', { course_id: COURSE, channel: 'alipay' });
    expect([wx.code, ali.code]).toEqual([0, 0]);
    // Both orders get paid: the second as the provider would still deliver it after the first.
    const sandbox = env.server.ctx.payments.sandbox!;
    expect(await sandbox.pay(wx.data)).toBe('SUCCESS');
    expect(await sandbox.pay(ali.data)).toBe('SUCCESS');
    expect(members.has(`${COURSE}:${uuid}`)).toBe(true);
    await page.context().close();

    const admin = await signedInPage(env, BOSS.account, BOSS.password);
    for (const width of [1440, 390]) {
      await admin.setViewportSize({ width, height: width > 400 ? 900 : 844 });
      await admin.goto(`${env.server.url}/admin/orders`);
      const banner = admin.getByTestId('admin-orders-refund-due');
      await expect.poll(() => banner.textContent()).toContain('有 1 笔重复支付待退款');
      const tag = admin.getByTestId(`refund-due-${ali.data.out_trade_no}`);
      await tag.waitFor();
      const box = (await tag.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(width); // seen without scrolling the table
      expect(await admin.getByTestId(`refund-due-${wx.data.out_trade_no}`).count()).toBe(0);
      await noSideScroll(admin);
      await fits(admin, '[data-testid="admin-orders-refund-due"]');
      await shot(admin, `payments-admin-refund-due-${width}`);
    }
    await admin.getByTestId('admin-orders-show-due').click();
    const rows = admin.getByTestId('admin-orders').locator('.ant-table-row');
    await expect.poll(() => rows.count()).toBe(1);
    await admin.getByTestId('admin-orders-refund-due').waitFor({ state: 'hidden' });
    await noSideScroll(admin);
    await shot(admin, 'payments-admin-refund-due-filter-390');
    await admin.setViewportSize({ width: 1440, height: 900 });
    await shot(admin, 'payments-admin-refund-due-filter-1440');
    await admin.getByTestId(`refund-${ali.data.out_trade_no}`).click();
    const dialog = admin.getByTestId('refund-dialog');
    await expect.poll(() => dialog.textContent()).toContain('该用户另有 1 笔本课程的已支付订单，退款后仍保留课程');
    await admin.getByTestId('refund-reason').fill('重复支付');
    await admin.locator('.ant-zoom-appear, .ant-zoom-enter').waitFor({ state: 'detached' }); // opened
    await shot(admin, 'payments-admin-refund-due-dialog');
    await admin.getByRole('button', { name: '确认退款' }).and(admin.locator(':enabled')).click();
    await expect.poll(() => rows.count()).toBe(0);
    expect(members.has(`${COURSE}:${uuid}`)).toBe(true);
    await admin.context().close();
  });
});
