import {
  AdminOrderPage,
  AdminOrdersQuery,
  Empty,
  envelope,
  LantuOrderRequest,
  LantuPayRequest,
  LantuPayResult,
  LantuPayStatus,
  OrderPage,
  OrdersQuery,
  RefundRequest,
  Role,
} from '@oj/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { requireRole } from '../../lib/auth';
import { ok } from '../../lib/envelope';
import { readBody } from '../../lib/json-body';
import { forbidden } from '../../lib/errors';
import { can } from '../../lib/permissions';
import type { RateLimiter } from '../../lib/rate-limit';
import type { AppModule } from '../registry';
import { registerSandboxCheckout } from './checkout';
import type { PaymentsService } from './service';

/** Logged in (not banned), then the one permission rule for orders of every buyer and refunds. */
const manage = [
  requireRole(Role.User),
  async (req: FastifyRequest) => {
    if (!can(req.viewer, { action: 'payment.manage' })) throw forbidden('需要管理员权限才能管理订单');
  },
];

/** What the routes use: the service, and the rate limit of refused notifies. */
export interface PaymentsRouteDeps {
  payments: PaymentsService;
  limiter: Pick<RateLimiter, 'check'>;
}

/** A notify is a few hundred bytes; anything much larger is not from the provider. */
const NOTIFY_BODY_LIMIT = 8 * 1024;

/**
 * Payments (SPEC §7 Payment, issue 13): paying for a course, its status, my orders, the orders of
 * the management site and refunds, and the provider's notify (server to server, form-encoded).
 */
export const paymentsModule: AppModule<PaymentsRouteDeps> = {
  name: 'payments',
  async routes(app, deps) {
    const tags = ['payments'];
    const { payments } = deps;
    app.post(
      '/api/lantu/pay',
      {
        preHandler: requireRole(Role.User),
        schema: {
          tags,
          summary: '为课程下单并取得支付二维码',
          body: LantuPayRequest,
          response: { 200: envelope(LantuPayResult) },
        },
      },
      async (req) => ok(await payments.pay(req.viewer, req.body), '订单已创建'),
    );
    app.post(
      '/api/lantu/pay/status',
      {
        preHandler: requireRole(Role.User),
        schema: {
          tags,
          summary: '订单的支付状态（仅下单人）',
          body: LantuOrderRequest,
          response: { 200: envelope(LantuPayStatus) },
        },
      },
      async (req) => ok(await payments.status(req.viewer, req.body.out_trade_no)),
    );
    app.get(
      '/api/lantu/orders',
      {
        preHandler: requireRole(Role.User),
        schema: {
          tags,
          summary: '我的订单',
          querystring: OrdersQuery,
          response: { 200: envelope(OrderPage) },
        },
      },
      async (req) => ok(await payments.myOrders(req.viewer, req.query)),
    );
    app.get(
      '/api/lantu/admin/orders',
      {
        preHandler: manage,
        schema: {
          tags,
          summary: '订单管理列表（管理员）',
          querystring: AdminOrdersQuery,
          response: { 200: envelope(AdminOrderPage) },
        },
      },
      async (req) => ok(await payments.adminOrders(req.query)),
    );
    app.post(
      '/api/lantu/admin/refund',
      {
        preHandler: manage,
        schema: {
          tags,
          summary: '退款（管理员；买家随之退出课程）',
          body: RefundRequest,
          response: { 200: envelope(Empty) },
        },
      },
      async (req) => {
        await payments.refund(req.body);
        return ok(null, '已退款');
      },
    );
    await app.register(async (scope) => formRoutes(scope, deps));
  },
};

/**
 * The routes that take HTML-form bodies, in their own scope so that form parsing exists nowhere
 * else (lib/csrf.ts refuses form bodies on every other route): the provider's notify, and the
 * sandbox checkout's 确认支付.
 */
async function formRoutes(scope: FastifyInstance, { payments, limiter }: PaymentsRouteDeps): Promise<void> {
  // Read as the JSON bodies are (lib/json-body.ts): an oversized form gets its 413, not a reset.
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    async (req: FastifyRequest, payload: IncomingMessage) => (await readBody(req, payload)).toString('utf8'),
  );
  scope.post(
    '/api/lantu/notify',
    {
      // Called by the provider's servers: authenticated by its signature, never by a cookie.
      config: { crossSite: true },
      bodyLimit: NOTIFY_BODY_LIMIT,
      schema: { tags: ['payments'], summary: '蓝兔支付的支付结果通知（表单；应答 SUCCESS 或 FAIL）' },
    },
    async (req, reply) => {
      const raw = typeof req.body === 'string' ? req.body : '';
      const form = Object.fromEntries(new URLSearchParams(raw));
      // Refused notifies are limited per sender address (verified ones never count): past the
      // limit a refused one is answered 429 and not recorded at all.
      const answer = await payments.notify(form, raw, {
        address: req.ip,
        beforeRefusal: () => limiter.check('notify', req.ip),
      });
      return reply.type('text/plain; charset=utf-8').send(answer);
    },
  );
  if (payments.sandbox) registerSandboxCheckout(scope, payments.sandbox);
}
