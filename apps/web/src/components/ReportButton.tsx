import { useState } from 'react';
import { Form, Input, Modal, Radio } from 'antd';
import Button, { type ButtonProps } from './plain/Button';
import { FlagOutlined } from '@ant-design/icons';
import { MODERATION_LIMITS, REPORT_REASONS, type ReportReason, type ReportTargetKind } from '../lib/contract';
import { reportContent } from '../api/moderation';
import { isLoggedIn, useUserStore } from '../stores/user';
import { notify } from '../lib/notify';
import { goTo } from '../lib/navigate';
import { loginPath } from '../lib/account';

interface Props {
  kind: ReportTargetKind;
  /** The post's or the comment's id. */
  id: number;
  size?: ButtonProps['size'];
  /** A text-only button (under a comment) instead of a default one. */
  type?: ButtonProps['type'];
}

interface FormValues {
  reason: ReportReason;
  detail: string;
}

/**
 * 举报: a button that opens a dialog (reason from the fixed list, optional detail) and sends the
 * report. Used by the forum's post and comment views. Visitors are sent to the login page.
 */
export default function ReportButton({ kind, id, size = 'small', type = 'text' }: Props) {
  const user = useUserStore((s) => s.user);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<FormValues>();

  const start = () => {
    if (!isLoggedIn(user)) {
      notify.warning('请先登录后再举报');
      goTo(loginPath('report', window.location.pathname));
      return;
    }
    setOpen(true);
  };

  const submit = async (v: FormValues) => {
    setBusy(true);
    try {
      await reportContent({ kind, id, reason: v.reason, detail: (v.detail ?? '').trim() });
      notify.success('已举报，管理员会尽快处理');
      setOpen(false);
      form.resetFields();
    } catch {
      // toasted by the client
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        size={size}
        type={type}
        icon={<FlagOutlined />}
        onClick={start}
        data-testid={`report-${kind}-${id}`}
      >
        举报
      </Button>
      <Modal
        title={kind === 'post' ? '举报帖子' : '举报评论'}
        open={open}
        okText="提交举报"
        cancelText="取消"
        confirmLoading={busy}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Form<FormValues> form={form} layout="vertical" onFinish={submit} initialValues={{ detail: '' }}>
          <Form.Item name="reason" label="举报原因" rules={[{ required: true, message: '请选择举报原因' }]}>
            <Radio.Group
              className="oj-report-reasons"
              options={REPORT_REASONS.map((r) => ({ value: r.value, label: r.label }))}
            />
          </Form.Item>
          <Form.Item name="detail" label="补充说明（可选）">
            <Input.TextArea
              rows={3}
              maxLength={MODERATION_LIMITS.detailMax}
              showCount
              placeholder="请说明具体问题，便于管理员核实"
            />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
