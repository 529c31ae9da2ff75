import { describe, expect, it } from 'vitest';
import { lantuSign, NATIVE_SIGNED, NOTIFY_SIGNED, signatureValid, yuanToFen } from './sign';

describe('蓝兔支付 signature', () => {
  it('matches the published test vector', () => {
    const fields = {
      mch_id: '1230000109',
      out_trade_no: 'LTZF2022113023096',
      total_fee: '0.01',
      body: 'Image形象店-深圳腾大-QQ公仔',
      timestamp: '1669533132',
      notify_url: 'https://www.weixin.qq.com/wxpay/pay.php',
    };
    expect(lantuSign(fields, NATIVE_SIGNED, 'TESTKEY123')).toBe('E4A8D36085816555E59C90C85F465911');
  });

  it('skips empty and unsigned fields, and verifies in any case of the hex', () => {
    const base = { code: '0', timestamp: '1', mch_id: 'm', order_no: 'o', out_trade_no: 'x', pay_no: 'p', total_fee: '1.00' };
    const sign = lantuSign(base, NOTIFY_SIGNED, 'k');
    expect(lantuSign({ ...base, attach: 'not signed', openid: '' }, NOTIFY_SIGNED, 'k')).toBe(sign);
    expect(signatureValid({ ...base, sign: sign.toLowerCase() }, NOTIFY_SIGNED, 'k')).toBe(true);
    expect(signatureValid({ ...base, total_fee: '0.01', sign }, NOTIFY_SIGNED, 'k')).toBe(false);
    expect(signatureValid({ ...base, sign }, NOTIFY_SIGNED, 'other')).toBe(false);
    expect(signatureValid(base, NOTIFY_SIGNED, 'k')).toBe(false);
  });

  it('reads yuan as exact fen', () => {
    expect(yuanToFen('0.01')).toBe(1);
    expect(yuanToFen('9.9')).toBe(990);
    expect(yuanToFen('19.90')).toBe(1990);
    expect(yuanToFen('100')).toBe(10000);
    for (const bad of ['', '-1.00', '1.001', '1e3', ' ', 'abc', undefined, null]) expect(yuanToFen(bad)).toBeNull();
  });
});
