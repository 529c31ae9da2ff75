import { fenToYuan, type PayChannel } from '@oj/shared';
import type { Clock } from '../../lib/time';
import { type PaymentProvider, ProviderError, type ProviderOrderState } from './provider';
import {
  epochSeconds,
  type Fields,
  lantuSign,
  NATIVE_SIGNED,
  QUERY_SIGNED,
  REFUND_SIGNED,
  signed,
  yuanToFen,
} from './sign';

const TIMEOUT_MS = 10_000;

interface LantuAnswer {
  code?: number | string;
  msg?: string;
  data?: unknown;
}

/**
 * 蓝兔支付 (https://api.ltzf.cn): form POSTs signed with the merchant key, JSON answers with
 * `code` 0 on success. An answer that carries a `sign` must carry the right one (over its other
 * non-empty fields); every answer about an order must name our merchant and our order.
 */
export function lantuProvider(cfg: { mchId: string; key: string; baseUrl: string; clock: Clock }): PaymentProvider {
  const { mchId, key } = cfg;
  const timestamp = () => epochSeconds(cfg.clock.now());

  async function call(path: string, fields: Fields, names: readonly string[]): Promise<Record<string, unknown>> {
    let res: Response;
    try {
      res = await fetch(`${cfg.baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(signed(fields, names, key)).toString(),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      throw new ProviderError(`支付服务无法连接：${(err as Error).message}`);
    }
    let answer: LantuAnswer;
    try {
      answer = (await res.json()) as LantuAnswer;
    } catch {
      throw new ProviderError(`支付服务的应答无法解析（HTTP ${res.status}）`);
    }
    if (Number(answer.code) !== 0) throw new ProviderError(answer.msg || '支付服务拒绝了请求');
    const data = answer.data && typeof answer.data === 'object' ? (answer.data as Record<string, unknown>) : {};
    if (data.sign !== undefined && !answerSigned(data, key)) throw new ProviderError('支付服务的应答签名不正确');
    return data;
  }

  return {
    name: 'lantu',
    mchId,
    signingKey: async () => key,
    async createNative(order) {
      const data = await call(
        `/api/${order.channel}/native`,
        {
          mch_id: mchId,
          out_trade_no: order.out_trade_no,
          total_fee: fenToYuan(order.amount_fen),
          body: order.body,
          timestamp: timestamp(),
          notify_url: order.notify_url,
        },
        NATIVE_SIGNED,
      );
      const codeUrl = String(data.code_url ?? data.QRcode_url ?? '');
      if (!/^(https?|weixin|alipays?):\/\//i.test(codeUrl)) throw new ProviderError('支付服务没有返回支付链接');
      return { code_url: codeUrl };
    },
    async query(outTradeNo: string, channel: PayChannel): Promise<ProviderOrderState | null> {
      const data = await call(
        `/api/${channel}/get_pay_order`,
        { mch_id: mchId, out_trade_no: outTradeNo, timestamp: timestamp() },
        QUERY_SIGNED,
      );
      if (data.out_trade_no === undefined) return null;
      return {
        paid: Number(data.pay_status) === 1,
        mch_id: String(data.mch_id ?? ''),
        out_trade_no: String(data.out_trade_no),
        order_no: String(data.order_no ?? ''),
        pay_no: String(data.pay_no ?? ''),
        amount_fen: yuanToFen(data.total_fee as string),
      };
    },
    async refund(order) {
      const data = await call(
        `/api/${order.channel}/refund_order`,
        {
          mch_id: mchId,
          out_trade_no: order.out_trade_no,
          // One refund per order: a repeated request names the same refund, so it is not paid twice.
          out_refund_no: `R${order.out_trade_no}`.slice(0, 32),
          timestamp: timestamp(),
          refund_fee: fenToYuan(order.amount_fen),
          refund_desc: order.reason,
        },
        REFUND_SIGNED,
      );
      if (data.out_trade_no !== undefined && data.out_trade_no !== order.out_trade_no)
        throw new ProviderError('支付服务的退款应答与订单不符');
    },
  };
}

/** An answer's own signature: over every other non-empty scalar field it carries. */
function answerSigned(data: Record<string, unknown>, key: string): boolean {
  const fields: Fields = {};
  for (const [k, v] of Object.entries(data))
    if (k !== 'sign' && (typeof v === 'string' || typeof v === 'number')) fields[k] = v;
  return lantuSign(fields, Object.keys(fields), key) === String(data.sign).toUpperCase();
}
