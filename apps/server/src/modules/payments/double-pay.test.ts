import type { AdminOrderPage, CourseDetail } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type Client, startTestServer, type TestServer } from '../../../test/helpers';
import { fakeLantu, placeOrder } from '../../../test/payments';

const MCH = '1230000109';
const KEY = 'FAKEKEY';

/**
 * Issue 22, item 3, with the real courses as the catalog (as services.ts links them): a second
 * payment for a course settles and is marked for a refund; refunding one of two paid orders
 * leaves the buyer in the course, refunding the last takes it back.
 */
describe.each(backends())('paying twice for a real course on $name', (backend) => {
  let ts: TestServer;
  let fake: Awaited<ReturnType<typeof fakeLantu>>;
  let admin: Client;
  let courseId = 0;

  beforeAll(async () => {
    fake = await fakeLantu({ mchId: MCH, key: KEY });
    ts = await startTestServer(backend, {
      env: { OJ_PAY_PROVIDER: 'lantu', OJ_LTZF_MCH_ID: MCH, OJ_LTZF_KEY: KEY, OJ_LTZF_BASE_URL: fake.url },
    });
    admin = await ts.login(ts.admin.account, ts.admin.password);
    const made = await admin.post<{ course_id: number }>('/api/course/admin/add', {
      title: '图论专题',
      description: '付费课程',
      price_fen: 1200,
      sections: [{ title: '导论', lessons: [{ title: '第一课', content: '只给学员看' }] }],
    });
    expect(made.code, made.message).toBe(0);
    courseId = made.data.course_id;
  });
  afterAll(async () => {
    await ts?.close();
    await fake?.close();
  });

  const joined = async (client: Client) =>
    (await client.get<CourseDetail>(`/api/study/plan?plan_id=${courseId}`)).data.joined;
  const pay = async (client: Client, channel: string) =>
    (await placeOrder(client, courseId, channel)).out_trade_no;
  const refund = async (no: string) => {
    const res = await admin.post('/api/lantu/admin/refund', { out_trade_no: no, reason: '重复支付' });
    expect(res.code, res.message).toBe(0);
  };

  it('keeps the course while one paid order remains', async () => {
    const { client } = await ts.register('twice_real');
    const wx = await pay(client, 'wxpay');
    const ali = await pay(client, 'alipay');
    for (const no of [wx, ali]) {
      fake.markPaid(no);
      expect(await fake.notify(no)).toBe('SUCCESS');
    }
    expect(await joined(client)).toBe(true);
    const again = await client.post('/api/lantu/pay', { course_id: courseId, channel: 'wxpay' });
    expect(again.status).toBe(409);

    const due = (await admin.get<AdminOrderPage>('/api/lantu/admin/orders?refund_due=1')).data.records;
    expect(due.map((o) => [o.out_trade_no, o.username, o.refund_due])).toEqual([[ali, 'twice_real', true]]);
    await refund(ali);
    expect(await joined(client)).toBe(true);
    await refund(wx);
    expect(await joined(client)).toBe(false);
  });
});
