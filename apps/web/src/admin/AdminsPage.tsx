import { useState } from 'react';
import { Button, Form, Input, Modal, Popconfirm, Space, Table, type TableProps } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import type { AdminUserRow } from '../lib/contract';
import { addAdmin, grantAdmin, revokeAdmin, type PlainAdminForm } from '../api/users';
import { useAdmins, useRefreshAdmins } from '../api/users-queries';
import { accountRules, checkPasswordRules, passwordRules } from '../lib/account';
import RoleTag from './RoleTag';
import UserPicker from './UserPicker';
import { notify } from '../lib/notify';

/**
 * 管理员管理 (boss only): list admins, create an admin account, grant the admin role to a user found
 * by account, nickname or uuid, revoke it.
 */
export default function AdminsPage() {
  const admins = useAdmins();
  const [adding, setAdding] = useState(false);
  const [busy, setBusy] = useState(false);
  const [grantUuid, setGrantUuid] = useState<number | null>(null);
  // Named in the toast: 已将「张三」设为管理员, not a number.
  const [grantName, setGrantName] = useState('');
  const [form] = Form.useForm<PlainAdminForm>();
  const refresh = useRefreshAdmins();

  const submitAdd = async (v: PlainAdminForm) => {
    setBusy(true);
    try {
      await addAdmin({ ...v, account: v.account.trim() });
      notify.success('管理员账号已创建');
      form.resetFields();
      setAdding(false);
      await refresh();
    } catch {
      // toasted by the client
    } finally {
      setBusy(false);
    }
  };

  const grant = async () => {
    if (!grantUuid) return;
    try {
      await grantAdmin(grantUuid);
      notify.success(`已将「${grantName || `用户 ${grantUuid}`}」设为管理员`);
      setGrantUuid(null);
      setGrantName('');
      await refresh();
    } catch {
      // toasted by the client
    }
  };

  const revoke = async (row: AdminUserRow) => {
    try {
      await revokeAdmin(row.uuid);
      notify.success(`已撤销「${row.account}」的管理员权限`);
      await refresh();
    } catch {
      // toasted by the client
    }
  };

  const columns: TableProps<AdminUserRow>['columns'] = [
    { title: '用户编号', dataIndex: 'uuid', width: 90 },
    { title: '账号', dataIndex: 'account' },
    { title: '昵称', dataIndex: 'username', render: (v: string) => v || '—' },
    { title: '邮箱', dataIndex: 'email', render: (v: string) => v || '—' },
    {
      title: '身份',
      dataIndex: 'role',
      render: (r: number, row) => <RoleTag role={r} isBoss={row.is_boss} />,
    },
    {
      title: '创建时间',
      dataIndex: 'create_time',
      render: (v: string) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '—'),
    },
    {
      title: '操作',
      key: 'actions',
      render: (_, row) =>
        row.is_boss ? null : (
          <Popconfirm
            title={`确定撤销「${row.account}」的管理员权限吗？`}
            okText="撤销"
            okButtonProps={{ danger: true }}
            cancelText="取消"
            onConfirm={() => revoke(row)}
          >
            <Button size="small" danger>
              撤销管理员
            </Button>
          </Popconfirm>
        ),
    },
  ];

  return (
    <div data-testid="admin-admins">
      <div className="adm-toolbar">
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          添加管理员账号
        </Button>
        <Space.Compact>
          <UserPicker
            value={grantUuid}
            onChange={(uuid, user) => {
              setGrantUuid(uuid);
              setGrantName(user?.account ?? '');
            }}
            role={1}
          />
          <Popconfirm
            title="确定把这个用户设为管理员吗？"
            okText="确定"
            cancelText="取消"
            disabled={!grantUuid}
            onConfirm={grant}
          >
            <Button disabled={!grantUuid}>设为管理员</Button>
          </Popconfirm>
        </Space.Compact>
      </div>
      <Table<AdminUserRow>
        rowKey="uuid"
        columns={columns}
        dataSource={admins.data ?? []}
        loading={admins.isFetching}
        pagination={false}
        locale={{ emptyText: '暂无管理员' }}
      />
      <Modal
        title="添加管理员账号"
        open={adding}
        onCancel={() => setAdding(false)}
        onOk={() => form.submit()}
        okText="创建"
        cancelText="取消"
        confirmLoading={busy}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={submitAdd} name="add-admin">
          <Form.Item name="account" label="账号" rules={accountRules}>
            <Input placeholder="4 到 20 位字母、数字或下划线" />
          </Form.Item>
          <Form.Item name="username" label="昵称" rules={[{ max: 20, message: '昵称最多 20 个字符' }]}>
            <Input placeholder="可选" />
          </Form.Item>
          <Form.Item name="email" label="邮箱" rules={[{ type: 'email', message: '邮箱格式不正确' }]}>
            <Input placeholder="可选" />
          </Form.Item>
          <Form.Item name="password" label="初始密码" rules={passwordRules}>
            <Input.Password placeholder="至少 6 位" autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="check_password"
            label="确认密码"
            dependencies={['password']}
            rules={checkPasswordRules}
          >
            <Input.Password placeholder="再输入一次" autoComplete="new-password" />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
