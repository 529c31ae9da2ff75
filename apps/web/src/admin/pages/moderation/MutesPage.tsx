import { useState } from 'react';
import { Button, Form, Input, InputNumber, Popconfirm, Table, type TableProps } from 'antd';
import dayjs from 'dayjs';
import { MODERATION_LIMITS, type MuteRequest, type MuteView } from '../../../lib/contract';
import { muteUser, unmuteUser, useMutes, useRefreshMutes } from '../../../api/moderation';
import { notify } from '../../../lib/notify';

const when = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');

/** 禁言用户: the mutes in force, muting a user by UUID for some days, lifting a mute. */
export default function MutesPage() {
  const [pageNum, setPageNum] = useState(1);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<MuteRequest>();
  const mutes = useMutes(pageNum);
  const refresh = useRefreshMutes();

  const submit = async (v: MuteRequest) => {
    setBusy(true);
    try {
      const { until } = await muteUser({ ...v, reason: v.reason.trim() });
      notify.success(`已禁言用户 ${v.uuid}，至 ${when(until)}`);
      form.resetFields();
      await refresh();
    } catch {
      // toasted by the client
    } finally {
      setBusy(false);
    }
  };

  const lift = async (row: MuteView) => {
    try {
      await unmuteUser(row.uuid);
      notify.success(`已解除「${row.username}」的禁言`);
      await refresh();
    } catch {
      // toasted by the client
    }
  };

  const columns: TableProps<MuteView>['columns'] = [
    { title: '用户编号', dataIndex: 'uuid', width: 90 },
    { title: '昵称', dataIndex: 'username' },
    { title: '禁言至', dataIndex: 'until', render: when },
    { title: '原因', dataIndex: 'reason' },
    { title: '操作人', dataIndex: 'by', render: (by: MuteView['by']) => by?.username ?? '—' },
    { title: '禁言时间', dataIndex: 'create_time', render: when },
    {
      title: '操作',
      key: 'actions',
      render: (_, row) => (
        <Popconfirm
          title={`确定解除「${row.username}」的禁言吗？`}
          okText="解除"
          cancelText="取消"
          onConfirm={() => lift(row)}
        >
          <Button size="small">解除禁言</Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <div data-testid="admin-mutes">
      <Form<MuteRequest> form={form} layout="inline" className="adm-toolbar" onFinish={submit} name="mute">
        <Form.Item name="uuid" rules={[{ required: true, message: '请输入用户编号' }]}>
          <InputNumber min={1} placeholder="用户编号" style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="days" rules={[{ required: true, message: '请输入禁言天数' }]}>
          <InputNumber
            min={1}
            max={MODERATION_LIMITS.muteDaysMax}
            placeholder="天数"
            addonAfter="天"
            style={{ width: 140 }}
          />
        </Form.Item>
        <Form.Item name="reason" rules={[{ required: true, whitespace: true, message: '请输入禁言原因' }]}>
          <Input placeholder="禁言原因" maxLength={MODERATION_LIMITS.reasonMax} style={{ width: 240 }} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" danger htmlType="submit" loading={busy}>
            禁言
          </Button>
        </Form.Item>
      </Form>
      <Table<MuteView>
        rowKey="uuid"
        columns={columns}
        dataSource={mutes.data?.records ?? []}
        loading={mutes.isFetching}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: pageNum,
          pageSize: mutes.data?.pageSize ?? 20,
          total: mutes.data?.total ?? 0,
          showSizeChanger: false,
          onChange: setPageNum,
        }}
        locale={{ emptyText: '目前没有被禁言的用户' }}
      />
    </div>
  );
}
