import type { OrderStatus } from '../../lib/contract';

/** Tag colours of the order statuses (我的订单 and 订单管理). */
export const STATUS_COLORS: Record<OrderStatus, string> = {
  created: 'gold',
  paid: 'green',
  refunded: 'default',
  closed: 'default',
};
