import { useState } from 'react';
import { Alert, Button, Input, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { refundOrder, useAdminOrders, useRefreshAdminOrders, useRefundDueCount } from '../../../api/payments';
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

/** The filter: one status, or the duplicate payments due for a refund. */
type Filter = OrderStatus | 'all' | 'refund_due';
const REFUND_DUE_LABEL = '重复支付·待退款';

/**
 * 订单管理: every order, filtered by status or to the duplicate payments due for a refund (a
 * second paid order of a course the buyer had already paid for); a paid one can be refunded: the
 * buyer leaves the course unless another paid order of theirs for it remains.
 */
export default function OrdersAdminPage() {
  const [pageNum, setPageNum] = useState(1);
  const [filter, setFilter] = useState<Filter>('all');
  const [refunding, setRefunding] = useState<AdminOrderView | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const page = useAdminOrders(pageNum, filter);
  // How many are due, whatever the list shows: the banner points at them.
  const due = useRefundDueCount();
  const refresh = useRefreshAdminOrders();
  const dueCount = due.data?.total ?? 0;
  const choose = (v: Filter) => {
    setFilter(v);
    setPageNum(1);
  };

  const refund = async () => {
    if (!refunding) return;
    if (!reason.trim()) {
      notify.error('请填写退款原因');
      return;
    }
    setBusy(true);
    try {
      await refundOrder(refunding.out_trade_no, reason.trim());
      notify.success(refunding.other_paid > 0 ? '已退款，买家仍保留课程' : '已退款，买家已退出课程');
      setRefunding(null);
      await refresh();
    } catch {
      // toasted by the client
    } finally {
      setBusy(false);
    }
  };

  return (
    <div data-testid="admin-orders">
      {dueCount > 0 && filter !== 'refund_due' && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="admin-orders-refund-due"
          message={`有 ${dueCount} 笔重复支付待退款`}
          description="同一用户对同一课程已有更早的已支付订单，之后又付了一次款。退款后用户仍保留课程。"
          action={
            <Button size="small" onClick={() => choose('refund_due')} data-testid="admin-orders-show-due">
              只看待退款
            </Button>
          }
        />
      )}
      <Space style={{ marginBottom: 16 }} wrap>
        <Select<Filter>
          value={filter}
          style={{ width: 160 }}
          onChange={choose}
          options={[
            { value: 'all', label: '全部状态' },
            ...ORDER_STATUSES.map((s) => ({ value: s, label: ORDER_STATUS_LABELS[s] })),
            { value: 'refund_due', label: REFUND_DUE_LABEL },
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
                {/* Next to the number, so a phone sees it without scrolling the table. */}
                {o.refund_due && (
                  <Tag
                    color="orange"
                    style={{ marginTop: 4 }}
                    title="该用户对此课程已有更早的已支付订单，这笔应退款"
                    data-testid={`refund-due-${o.out_trade_no}`}
                  >
                    {REFUND_DUE_LABEL}
                  </Tag>
                )}
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
                  type={o.refund_due ? 'primary' : 'default'}
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
              ），
              {refunding.other_paid > 0
                ? `该用户另有 ${refunding.other_paid} 笔本课程的已支付订单，退款后仍保留课程`
                : '退款后该用户将退出课程'}
              ，此操作不可撤销。
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
