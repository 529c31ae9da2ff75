import { useState } from 'react';
import { List, Space } from 'antd';
import Card from '../../../components/plain/Card';
import { Typography } from '../../../components/plain/Typography';
import Button from '../../../components/plain/Button';
import Empty from '../../../components/plain/Empty';
import { Tag } from '../../../components/plain/Tag';
import dayjs from 'dayjs';
import { useMyOrders, useRefreshMyOrders } from '../../../api/payments';
import PayDialog from '../../../components/pay/PayDialog';
import { STATUS_COLORS } from '../../../components/pay/orderStatus';
import { fenToYuan, ORDER_STATUS_LABELS, PAY_CHANNEL_LABELS, type OrderView } from '../../../lib/contract';

const time = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '—');

/** The personal centre's 我的订单 tab: my orders, newest first; an open one can be paid from here. */
export default function OrdersTab() {
  const [pageNum, setPageNum] = useState(1);
  const [paying, setPaying] = useState<OrderView | null>(null);
  const page = useMyOrders(pageNum);
  const refresh = useRefreshMyOrders();
  const payable = (o: OrderView) => o.status === 'created' && dayjs(o.expires_at).isAfter(dayjs());

  return (
    <Card title="我的订单" data-testid="orders-tab">
      <List<OrderView>
        loading={page.isFetching && !page.data}
        dataSource={page.data?.records ?? []}
        locale={{ emptyText: <Empty description="还没有订单" /> }}
        pagination={
          (page.data?.total ?? 0) > (page.data?.pageSize ?? 10) && {
            current: pageNum,
            pageSize: page.data?.pageSize ?? 10,
            total: page.data?.total ?? 0,
            onChange: setPageNum,
            size: 'small',
          }
        }
        renderItem={(o) => (
          <List.Item
            key={o.out_trade_no}
            data-testid={`order-${o.out_trade_no}`}
            actions={
              payable(o)
                ? [
                    <Button
                      key="pay"
                      type="primary"
                      size="small"
                      onClick={() => setPaying(o)}
                      data-testid="order-pay"
                    >
                      继续支付
                    </Button>,
                  ]
                : []
            }
          >
            <List.Item.Meta
              title={
                <Space wrap size={8}>
                  <Typography.Text strong>{o.title}</Typography.Text>
                  <Tag color={STATUS_COLORS[o.status]} data-testid="order-status">
                    {payable(o) || o.status !== 'created' ? ORDER_STATUS_LABELS[o.status] : '已过期'}
                  </Tag>
                </Space>
              }
              description={
                <Space wrap size={[16, 0]}>
                  <span>¥{fenToYuan(o.amount_fen)}</span>
                  <span>{PAY_CHANNEL_LABELS[o.channel]}</span>
                  <span>下单 {time(o.create_time)}</span>
                  {o.paid_at && <span>支付 {time(o.paid_at)}</span>}
                  {o.refunded_at && <span>退款 {time(o.refunded_at)}</span>}
                  <Typography.Text type="secondary" style={{ wordBreak: 'break-all' }}>
                    {o.out_trade_no}
                  </Typography.Text>
                </Space>
              }
            />
          </List.Item>
        )}
      />
      {paying && (
        <PayDialog
          courseId={paying.course_id}
          channel={paying.channel}
          open
          onClose={() => {
            setPaying(null);
            void refresh();
          }}
          onPaid={() => {
            setPaying(null);
            void refresh();
          }}
        />
      )}
    </Card>
  );
}
