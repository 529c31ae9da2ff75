import { useState } from 'react';
import { Button, Input, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { adminOrders, refundOrder } from '../../../api/payments';
import {
  fenToYuan,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  PAY_CHANNEL_LABELS,
  PAYMENT_RULES,
  type AdminOrderView,
  type OrderStatus,
} from '../../../lib/contract';
import { notify } from '../../../lib/notify';
import { STATUS_COLORS } from '../../../components/pay/orderStatus';

const time = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '—');

/** 订单管理: every order, filtered by status; a paid one can be refunded (the buyer leaves the course). */
export default function OrdersAdminPage() {
  const [pageNum, setPageNum] = useState(1);
  const [status, setStatus] = useState<OrderStatus | undefined>(undefined);
  const [refunding, setRefunding] = useState<AdminOrderView | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  const page = useQuery({
    queryKey: ['admin-orders', pageNum, status],
    queryFn: () => adminOrders(pageNum, status),
    placeholderData: keepPreviousData,
  });

  const refund = async () => {
    if (!refunding) return;
    if (!reason.trim()) {
      notify.error('请填写退款原因');
      return;
    }
    setBusy(true);
    try {
      await refundOrder(refunding.out_trade_no, reason.trim());
      notify.success('已退款，买家已退出课程');
      setRefunding(null);
      await queryClient.invalidateQueries({ queryKey: ['admin-orders'] });
    } catch {
      // toasted by the client
    } finally {
      setBusy(false);
    }
  };

  return (
    <div data-testid="admin-orders">
      <Space style={{ marginBottom: 16 }} wrap>
        <Select<OrderStatus | 'all'>
          value={status ?? 'all'}
          style={{ width: 140 }}
          onChange={(v) => {
            setStatus(v === 'all' ? undefined : v);
            setPageNum(1);
          }}
          options={[
            { value: 'all', label: '全部状态' },
            ...ORDER_STATUSES.map((s) => ({ value: s, label: ORDER_STATUS_LABELS[s] })),
          ]}
          data-testid="admin-orders-status"
        />
        <Typography.Text type="secondary">共 {page.data?.total ?? 0} 笔</Typography.Text>
      </Space>
      <Table<AdminOrderView>
        rowKey="out_trade_no"
        loading={page.isFetching}
        dataSource={page.data?.records ?? []}
        scroll={{ x: 1100 }}
        pagination={{
          current: pageNum,
          pageSize: page.data?.pageSize ?? 10,
          total: page.data?.total ?? 0,
          onChange: setPageNum,
          showSizeChanger: false,
        }}
        locale={{ emptyText: '还没有订单' }}
        columns={[
          {
            title: '订单号',
            dataIndex: 'out_trade_no',
            width: 230,
            render: (no: string, o) => (
              <div>
                <Typography.Text copyable style={{ fontSize: 12 }}>{no}</Typography.Text>
                {o.pay_no && <div style={{ fontSize: 12, color: '#8a8f99' }}>支付单号 {o.pay_no}</div>}
              </div>
            ),
          },
          { title: '用户', key: 'user', render: (_: unknown, o) => `${o.username}（${o.uuid}）` },
          { title: '课程', key: 'course', render: (_: unknown, o) => `${o.title}（${o.course_id}）` },
          { title: '金额', dataIndex: 'amount_fen', width: 100, render: (f: number) => `¥${fenToYuan(f)}` },
          { title: '方式', dataIndex: 'channel', width: 90, render: (c: AdminOrderView['channel']) => PAY_CHANNEL_LABELS[c] },
          {
            title: '状态',
            dataIndex: 'status',
            width: 90,
            render: (s: OrderStatus, o) => (
              <Tag color={STATUS_COLORS[s]} title={o.refund_reason ?? undefined}>
                {ORDER_STATUS_LABELS[s]}
              </Tag>
            ),
          },
          { title: '下单时间', dataIndex: 'create_time', width: 150, render: time },
          { title: '支付 / 退款时间', key: 'times', width: 150, render: (_: unknown, o) => time(o.refunded_at ?? o.paid_at) },
          {
            title: '操作',
            key: 'ops',
            width: 90,
            fixed: 'right',
            render: (_: unknown, o) =>
              o.status === 'paid' ? (
                <Button
                  size="small"
                  danger
                  onClick={() => {
                    setReason('');
                    setRefunding(o);
                  }}
                  data-testid={`refund-${o.out_trade_no}`}
                >
                  退款
                </Button>
              ) : null,
          },
        ]}
      />
      <Modal
        open={refunding !== null}
        title="确认退款"
        okText="确认退款"
        cancelText="取消"
        okButtonProps={{ danger: true, loading: busy, disabled: !reason.trim() }}
        onOk={() => void refund()}
        onCancel={() => setRefunding(null)}
        destroyOnHidden
      >
        {refunding && (
          <div data-testid="refund-dialog">
            <Typography.Paragraph>
              将向 <b>{refunding.username}</b> 退还 <b>¥{fenToYuan(refunding.amount_fen)}</b>（{refunding.title}
              ），退款后该用户将退出课程，此操作不可撤销。
            </Typography.Paragraph>
            <Input.TextArea
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              maxLength={PAYMENT_RULES.refundReasonMax}
              showCount
              rows={3}
              placeholder="退款原因（必填）"
              data-testid="refund-reason"
            />
          </div>
        )}
      </Modal>
    </div>
  );
}
