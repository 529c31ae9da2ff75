import { useState } from 'react';
import { Form, Input, Modal, Radio } from 'antd';
import { MODERATION_LIMITS, REPORT_REASONS, type ReportReason, type ReportTargetKind } from '../lib/contract';
import { reportContent } from '../api/moderation';
import { notify } from '../lib/notify';

interface FormValues {
  reason: ReportReason;
  detail: string;
}

/**
 * ReportButton's dialog: the reason from the fixed list and an optional detail. Its own chunk (antd's
 * Modal, Form, Radio and TextArea), fetched when a reader first opens it, not with every post.
 */
export default function ReportDialog({
  kind,
  id,
  open,
  onClose,
}: {
  kind: ReportTargetKind;
  id: number;
  open: boolean;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<FormValues>();

  const submit = async (v: FormValues) => {
    setBusy(true);
    try {
      await reportContent({ kind, id, reason: v.reason, detail: (v.detail ?? '').trim() });
      notify.success('已举报，管理员会尽快处理');
      onClose();
      form.resetFields();
    } catch {
      // toasted by the client
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title={kind === 'post' ? '举报帖子' : '举报评论'}
      open={open}
      okText="提交举报"
      cancelText="取消"
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
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
  );
}
