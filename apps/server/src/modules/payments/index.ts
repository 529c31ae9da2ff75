/** Public entry of the payments module: orders, 蓝兔支付 and the sandbox, refunds. */
export { createPaymentsService, type PaymentsService } from './service';
/** The sandbox provider on its own (two-node tests pay through one node's sandbox). */
export { sandboxProvider } from './sandbox';
export type { PaymentCatalog } from './deps';
export { paymentsModule } from './routes';
export { lantuSign, NATIVE_SIGNED, NOTIFY_SIGNED, QUERY_SIGNED, REFUND_SIGNED, yuanToFen } from './sign';
export {
  PAYMENTS_TABLES,
  type PaymentsTables,
  type OrdersTable,
  type PaymentEventsTable,
  type PaymentIgnoredTable,
  type PaymentIgnoredCountsTable,
  type OrderRow,
} from './tables';
