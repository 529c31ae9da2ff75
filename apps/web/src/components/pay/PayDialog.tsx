import { useEffect, useRef, useState } from 'react';
import { Alert, Modal, QRCode, Segmented, Space, Spin } from 'antd';
import Result from '../plain/Result';
import { Typography } from '../plain/Typography';
import Button from '../plain/Button';
import { usePayOrder, usePayStatus } from '../../api/payments';
import { fenToYuan, PAY_CHANNEL_LABELS, PAY_CHANNELS, type PayChannel } from '../../lib/contract';
import './pay.css';

export interface PayDialogProps {
  courseId: number;
  open: boolean;
  onClose(): void;
  /** Called once the server has settled the payment (the buyer is a member now). */
  onPaid(): void;
  /** The channel chosen first (继续支付 of an order keeps its channel); 微信支付 by default. */
  channel?: PayChannel;
}

/** After 支付成功 is shown, the host is told (it usually closes the dialog and reloads the course). */
const PAID_NOTICE_MS = 1200;

/**
 * 购买课程: choose 微信支付 or 支付宝; the server makes the order at the course's price and answers the
 * payment link, shown as a QR code (and, with the sandbox provider, a link to the local checkout);
 * the order's status is polled every 2 s while the dialog is open, then 支付成功.
 */
export default function PayDialog({
  courseId,
  open,
  onClose,
  onPaid,
  channel: first = 'wxpay',
}: PayDialogProps) {
  const [channel, setChannel] = useState<PayChannel>(first);
  useEffect(() => {
    if (open) setChannel(first);
  }, [open, first]);
  const order = usePayOrder(courseId, channel, open);
  const status = usePayStatus(order.data?.out_trade_no, open);
  const paid = Boolean(status.data?.paid);

  const told = useRef(false);
  useEffect(() => {
    if (!open) told.current = false;
  }, [open]);
  const finish = () => {
    if (told.current) return;
    told.current = true;
    onPaid();
  };
  useEffect(() => {
    if (!paid || !open) return;
    const t = setTimeout(finish, PAID_NOTICE_MS);
    return () => clearTimeout(t);
    // Once per payment: the timer must not restart on every render.
  }, [paid, open]);

  const expired = order.data ? Date.parse(order.data.expires_at) <= Date.now() : false;
  const closed = status.data && (status.data.status === 'closed' || status.data.status === 'refunded');

  let body;
  if (paid)
    body = (
      <div data-testid="pay-success">
        <Result
          status="success"
          title="支付成功"
          subTitle="已为你开通课程"
          extra={
            <Button type="primary" onClick={finish}>
              开始学习
            </Button>
          }
        />
      </div>
    );
  else if (order.isError)
    body = (
      <Alert
        type="error"
        showIcon
        message="无法创建订单"
        description={order.error instanceof Error ? order.error.message : '请稍后再试'}
        action={
          <Button size="small" onClick={() => void order.refetch()}>
            重试
          </Button>
        }
      />
    );
  else if (!order.data)
    body = (
      <Spin className="oj-pay-loading" tip="正在创建订单…">
        <div />
      </Spin>
    );
  else
    body = (
      <div className="oj-pay-body">
        <Typography.Text className="oj-pay-title">{order.data.title}</Typography.Text>
        <div className="oj-pay-amount" data-testid="pay-amount">
          ¥{fenToYuan(order.data.amount_fen)}
        </div>
        <div data-testid="pay-qr">
          <QRCode
            value={order.data.code_url}
            size={200}
            type="svg"
            status={expired || closed ? 'expired' : 'active'}
            onRefresh={() => void order.refetch()}
          />
        </div>
        <Typography.Text type="secondary">
          请使用{channel === 'wxpay' ? '微信' : '支付宝'}扫码支付
        </Typography.Text>
        {order.data.checkout_url && (
          <Button
            href={order.data.checkout_url}
            target="_blank"
            rel="noopener"
            data-testid="pay-checkout-link"
          >
            打开模拟收银台
          </Button>
        )}
        <Space size={6} className="oj-pay-waiting" data-testid="pay-waiting">
          <Spin size="small" />
          <Typography.Text type="secondary">等待支付结果…</Typography.Text>
        </Space>
        <Typography.Text type="secondary" className="oj-pay-no">
          订单号 {order.data.out_trade_no}
        </Typography.Text>
      </div>
    );

  return (
    <Modal open={open} title="购买课程" onCancel={onClose} footer={null} width={420} destroyOnHidden>
      <div data-testid="pay-dialog">
        {!paid && (
          <Segmented<PayChannel>
            block
            value={channel}
            onChange={setChannel}
            options={PAY_CHANNELS.map((c) => ({ value: c, label: PAY_CHANNEL_LABELS[c] }))}
            style={{ marginBottom: 16 }}
            data-testid="pay-channel"
          />
        )}
        {body}
      </div>
    </Modal>
  );
}
