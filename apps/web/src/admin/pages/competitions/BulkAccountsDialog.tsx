import { useState } from 'react';
import { Checkbox, Form, Input, Modal, Typography } from 'antd';
import type { CompetitionInfo } from '../../../lib/contract';
import { buildUrl } from '../../../api/http';
import { notify } from '../../../lib/notify';

/** One person per line: 姓名, then 学校 after a comma, a tab (pasted from Excel) or spaces. */
export function parsePeople(text: string): { name: string; school: string }[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [name, ...rest] = line.split(/\t|,|，|\s{2,}/);
      return { name: name.trim(), school: rest.join(' ').trim() };
    });
}

/** Saves a downloaded workbook under a name. */
function save(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

interface Values {
  prefix: string;
  list: string;
  unofficial: boolean;
}

/**
 * 批量创建参赛账号 (issue 26 part 5): paste a list (姓名、学校), get one account each, registered
 * into the contest, and download the accounts with their initial passwords as Excel to print
 * (the passwords are shown only this once).
 */
export default function BulkAccountsDialog({
  contest,
  onClose,
}: {
  contest: CompetitionInfo | null;
  onClose(created: boolean): void;
}) {
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const list = Form.useWatch('list', form) ?? '';
  const count = parsePeople(list).length;

  const submit = async (v: Values) => {
    if (!contest) return;
    setBusy(true);
    try {
      const res = await fetch(
        buildUrl('/api/competition/admin/accounts/bulk', { competition_id: contest.competition_id }),
        {
          method: 'POST',
          credentials: 'include',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            prefix: v.prefix.trim(),
            people: parsePeople(v.list),
            unofficial: v.unofficial ?? false,
          }),
        },
      );
      if (!res.ok || !res.headers.get('content-type')?.includes('spreadsheet')) {
        const body = (await res.json().catch(() => null)) as { message?: string } | null;
        throw new Error(body?.message ?? `创建失败（HTTP ${res.status}）`);
      }
      save(await res.blob(), `${contest.name}-参赛账号.xlsx`);
      notify.success(`已创建 ${parsePeople(v.list).length} 个账号并报名，账号与初始密码已导出`);
      form.resetFields();
      onClose(true);
    } catch (e) {
      notify.error(e instanceof Error ? e.message : '创建失败');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={contest !== null}
      title={`批量创建参赛账号 · ${contest?.name ?? ''}`}
      okText={count ? `创建 ${count} 个账号并导出` : '创建并导出'}
      cancelText="取消"
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={() => onClose(false)}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ prefix: contest ? `c${contest.competition_id}_` : '', unofficial: false }}
        onFinish={(v) => void submit(v)}
      >
        <Typography.Paragraph type="secondary">
          每行一人：姓名与学校之间用逗号或 Tab 分隔（可直接从 Excel
          粘贴两列）。每人创建一个账号并报名本场比赛，账号与初始密码导出为
          Excel，仅导出这一次，请妥善保存并打印。
        </Typography.Paragraph>
        <Form.Item
          name="prefix"
          label="账号前缀"
          rules={[
            { required: true, message: '请填写账号前缀' },
            {
              pattern: /^[A-Za-z][A-Za-z0-9_]{1,11}$/,
              message: '账号前缀为 2–12 个字母、数字或下划线，以字母开头',
            },
          ]}
          extra="账号依次为 前缀001、前缀002 ……"
        >
          <Input maxLength={12} data-testid="bulk-prefix" />
        </Form.Item>
        <Form.Item name="list" label="名单（姓名，学校）" rules={[{ required: true, message: '请粘贴名单' }]}>
          <Input.TextArea rows={8} placeholder={'张三，第一中学\n李四，第二中学'} data-testid="bulk-list" />
        </Form.Item>
        <Form.Item name="unofficial" valuePropName="checked">
          <Checkbox>标记为打星（参与排名，不参与奖牌和积分）</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
