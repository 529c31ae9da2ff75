import { fenToYuan, PAY_CHANNEL_LABELS } from '@oj/shared';
import { escapeHtml } from '@oj/shared/escape-html';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { OrderRow } from './tables';

export interface SandboxCheckout {
  order(outTradeNo: string): Promise<OrderRow | undefined>;
  pay(order: { out_trade_no: string; amount_fen: number }): Promise<string>;
}


const STYLE = `body{margin:0;font-family:system-ui,-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;
background:#f5f7fa;color:#1f2329}main{max-width:420px;margin:48px auto;padding:28px 24px;background:#fff;
border-radius:12px;box-shadow:0 4px 24px rgba(0,0,0,.08)}h1{font-size:20px;margin:0 0 4px}
.tip{color:#8a8f99;font-size:13px;margin:0 0 20px}dl{display:grid;grid-template-columns:auto 1fr;gap:10px 16px;margin:0 0 24px}
dt{color:#8a8f99}dd{margin:0;word-break:break-all}.amount{font-size:28px;font-weight:600;color:#d4380d}
button{width:100%;padding:12px;font-size:16px;border:0;border-radius:8px;background:#1677ff;color:#fff;cursor:pointer}
.state{padding:12px;border-radius:8px;text-align:center;font-size:16px}.ok{background:#f6ffed;color:#389e0d}
.bad{background:#fff2f0;color:#cf1322}@media (max-width:480px){main{margin:0;border-radius:0;min-height:100vh}}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title>
<style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

function checkoutPage(order: OrderRow, now: string, message = ''): string {
  const rows = [
    ['商品', escapeHtml(order.title)],
    ['金额', `<span class="amount">¥${fenToYuan(order.amount_fen)}</span>`],
    ['支付方式', PAY_CHANNEL_LABELS[order.channel]],
    ['订单号', order.out_trade_no],
  ]
    .map(([k, v]) => `<dt>${k}</dt><dd>${v}</dd>`)
    .join('');
  let action: string;
  if (order.status === 'paid') action = '<p class="state ok">支付成功，可以关闭本页，回到原页面继续</p>';
  else if (order.status === 'refunded') action = '<p class="state bad">该订单已退款</p>';
  else if (order.status === 'closed' || order.expires_at <= now)
    action = '<p class="state bad">订单已关闭或已过期，请回到原页面重新下单</p>';
  else
    action = `<form method="post" action="/pay/sandbox/${order.out_trade_no}/confirm"><button type="submit">确认支付</button></form>`;
  const note = message ? `<p class="state bad">${escapeHtml(message)}</p>` : '';
  return page(
    '模拟收银台',
    `<h1>模拟收银台</h1><p class="tip">沙箱支付：不会产生真实扣款，仅用于演示和测试</p><dl>${rows}</dl>${note}${action}`,
  );
}

const html = (reply: FastifyReply, status: number, body: string) =>
  reply.status(status).type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(body);

const notFoundPage = () =>
  page('订单不存在', '<h1>模拟收银台</h1><p class="state bad">订单不存在，请回到原页面重新下单</p>');

/**
 * The sandbox provider's checkout page (`/pay/sandbox/{out_trade_no}`, the order's code_url): it
 * shows the order and, on 确认支付, has the sandbox post the signed notify to our notify endpoint,
 * so the whole verification path runs. Like a real cashier it serves whoever holds the link (the
 * phone that scanned the QR code); the order number is random and settles only that order.
 */
export function registerSandboxCheckout(scope: FastifyInstance, sandbox: SandboxCheckout): void {
  const params = (p: unknown) => String((p as { no?: string }).no ?? '');
  const valid = (no: string) => /^[A-Za-z0-9]{1,32}$/.test(no);

  scope.get('/pay/sandbox/:no', { schema: { hide: true } }, async (req, reply) => {
    const no = params(req.params);
    const order = valid(no) ? await sandbox.order(no) : undefined;
    if (!order) return html(reply, 404, notFoundPage());
    return html(reply, 200, checkoutPage(order, new Date().toISOString()));
  });

  scope.post(
    '/pay/sandbox/:no/confirm',
    // A plain HTML form post (no script on the page): a form body, and no cookie is relied on.
    { config: { crossSite: true }, schema: { hide: true } },
    async (req, reply) => {
      const no = params(req.params);
      const order = valid(no) ? await sandbox.order(no) : undefined;
      if (!order) return html(reply, 404, notFoundPage());
      if (order.status === 'created' && order.expires_at > new Date().toISOString()) {
        let answer: string;
        try {
          answer = await sandbox.pay(order);
        } catch (err) {
          req.log.error({ err }, 'sandbox notify failed');
          answer = 'FAIL';
        }
        if (answer !== 'SUCCESS') {
          const again = (await sandbox.order(no)) ?? order;
          return html(reply, 502, checkoutPage(again, new Date().toISOString(), `支付通知未被接受（${answer.slice(0, 40)}）`));
        }
      }
      return reply.redirect(`/pay/sandbox/${no}`, 303);
    },
  );
}
