import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LantuPayResult } from '@oj/shared';
import { expect } from 'vitest';
import type { PaymentCatalog } from '../src/modules/payments';
import type { Client } from './helpers';

/**
 * Test support of the payments: an in-memory catalog standing in for the courses, and a fake
 * 蓝兔支付 server that speaks the protocol (form POSTs, MD5 signatures checked on every request and
 * put on every answer, notifies posted to our notify_url).
 */
export function memoryCatalog(items: Record<number, { title: string; price_fen: number }>) {
  const members = new Set<string>();
  const calls = { enrol: [] as { courseId: number; userId: number; order: string }[], unenrol: 0 };
  /** The next this-many grants fail (a crash or an outage of the courses' side). */
  const failing = { enrol: 0, failed: 0 };
  const catalog: PaymentCatalog = {
    priceOf: async (id) => items[id] ?? null,
    isMember: async (courseId, userId) => members.has(`${courseId}:${userId}`),
    enrol: async (courseId, userId, via) => {
      if (failing.enrol > 0) {
        failing.enrol--;
        failing.failed++;
        throw new Error('enrolment failed (test)');
      }
      calls.enrol.push({ courseId, userId, order: via.order });
      members.add(`${courseId}:${userId}`);
    },
    unenrol: async (courseId, userId) => {
      calls.unenrol++;
      members.delete(`${courseId}:${userId}`);
    },
  };
  return {
    catalog,
    calls,
    failing,
    isMember: (courseId: number, userId: number) => members.has(`${courseId}:${userId}`),
    /** `replace` of startTestServer: the catalog given to the payments instead of the courses. */
    replace: { paymentCatalog: catalog },
  };
}

/** Written apart from the server's sign.ts on purpose, so each side checks the other. */
export function md5Sign(fields: Record<string, string | undefined>, names: string[], key: string): string {
  const text = names
    .filter((n) => fields[n])
    .sort()
    .map((n) => `${n}=${fields[n]}`)
    .join('&');
  return createHash('md5').update(`${text}&key=${key}`).digest('hex').toUpperCase();
}

const NOTIFY_FIELDS = ['code', 'timestamp', 'mch_id', 'order_no', 'out_trade_no', 'pay_no', 'total_fee'];
const REQUEST_FIELDS: Record<string, string[]> = {
  native: ['mch_id', 'out_trade_no', 'total_fee', 'body', 'timestamp', 'notify_url'],
  get_pay_order: ['mch_id', 'out_trade_no', 'timestamp'],
  refund_order: ['mch_id', 'out_trade_no', 'out_refund_no', 'timestamp', 'refund_fee'],
};

interface FakeOrder {
  channel: string;
  total_fee: string;
  body: string;
  notify_url: string;
  paid: boolean;
  order_no: string;
  pay_no: string;
}

export async function fakeLantu(opts: { mchId: string; key: string }) {
  const orders = new Map<string, FakeOrder>();
  const requests: { path: string; form: Record<string, string> }[] = [];
  const badSignatures: string[] = [];
  let seq = 0;
  /** The key the fake signs its answers with (a test sets another to forge them). */
  const state = { answerKey: opts.key };
  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let s = '';
      req.on('data', (d: Buffer) => (s += d.toString()));
      req.on('end', () => resolve(s));
    });
  /** Every answer's data is signed over all its fields. */
  const answer = (data: Record<string, string | number>) => ({
    code: 0,
    msg: '成功',
    request_id: `req${++seq}`,
    data: { ...data, sign: md5Sign(strings(data), Object.keys(data), state.answerKey) },
  });

  const server: Server = createServer(async (req, res) => {
    const form = Object.fromEntries(new URLSearchParams(await read(req)));
    const m = /^\/api\/(wxpay|alipay)\/(native|get_pay_order|refund_order)$/.exec(req.url ?? '');
    const send = (body: unknown) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (!m || req.method !== 'POST') return send({ code: 1, msg: '接口不存在' });
    const [, channel, op] = m;
    requests.push({ path: `${channel}/${op}`, form });
    if (form.mch_id !== opts.mchId) return send({ code: 1, msg: '商户号不存在' });
    if (form.sign !== md5Sign(form, REQUEST_FIELDS[op], opts.key)) {
      badSignatures.push(op);
      return send({ code: 1, msg: '签名错误' });
    }
    const order = orders.get(form.out_trade_no);
    if (op === 'native') {
      if (order) return send({ code: 1, msg: '商户订单号重复' });
      orders.set(form.out_trade_no, {
        channel,
        total_fee: form.total_fee,
        body: form.body,
        notify_url: form.notify_url,
        paid: false,
        order_no: `LT${++seq}`,
        pay_no: `PAY${seq}`,
      });
      return send(
        answer({
          code_url: `weixin://wxpay/bizpayurl?pr=${form.out_trade_no}`,
          QRcode_url: 'https://fake/qr.png',
        }),
      );
    }
    if (!order) return send({ code: 1, msg: '订单不存在' });
    if (op === 'get_pay_order')
      return send(
        answer({
          mch_id: opts.mchId,
          out_trade_no: form.out_trade_no,
          order_no: order.order_no,
          pay_no: order.paid ? order.pay_no : '',
          total_fee: order.total_fee,
          pay_status: order.paid ? 1 : 0,
        }),
      );
    return send(
      answer({
        mch_id: opts.mchId,
        out_trade_no: form.out_trade_no,
        out_refund_no: form.out_refund_no,
        order_no: order.order_no,
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    state,
    orders,
    requests,
    badSignatures,
    queries: (outTradeNo: string) =>
      requests.filter((r) => r.path.endsWith('get_pay_order') && r.form.out_trade_no === outTradeNo).length,
    /** The payer paid: the provider's books say so (a notify is sent separately, or never). */
    markPaid(outTradeNo: string) {
      const o = orders.get(outTradeNo);
      if (!o) throw new Error(`fake lantu: no order ${outTradeNo}`);
      o.paid = true;
    },
    /** The notify as the provider posts it; `change` alters fields after signing unless `resign`. */
    async notify(
      outTradeNo: string,
      change: { fields?: Record<string, string>; key?: string; resign?: boolean; notifyUrl?: string } = {},
    ): Promise<string> {
      const o = orders.get(outTradeNo);
      const fields: Record<string, string> = {
        code: '0',
        timestamp: String(Math.floor(Date.now() / 1000)),
        mch_id: opts.mchId,
        order_no: o?.order_no ?? 'LT0',
        out_trade_no: outTradeNo,
        pay_no: o?.pay_no ?? 'PAY0',
        total_fee: o?.total_fee ?? '1.00',
        pay_channel: o?.channel ?? 'wxpay',
        trade_type: 'NATIVE',
        success_time: '2026-11-24 12:00:00',
        attach: '',
        openid: 'o1234',
      };
      const resign = change.resign ?? true;
      if (resign) Object.assign(fields, change.fields);
      fields.sign = md5Sign(fields, NOTIFY_FIELDS, change.key ?? opts.key);
      if (!resign) Object.assign(fields, change.fields);
      const res = await fetch(change.notifyUrl ?? o?.notify_url ?? '', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' },
        body: new URLSearchParams(fields).toString(),
      });
      return res.text();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const strings = (o: Record<string, string | number>) =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [k, String(v)]));

/** `client` orders course `courseId` (`POST /api/lantu/pay`), which must be accepted; the order. */
export async function placeOrder(
  client: Client,
  courseId: number,
  channel = 'wxpay',
): Promise<LantuPayResult> {
  const res = await client.post<LantuPayResult>('/api/lantu/pay', { course_id: courseId, channel });
  expect(res.code, res.message).toBe(0);
  return res.data;
}
