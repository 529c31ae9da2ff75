import { useState } from 'react';
import { Button, Input, Popconfirm, Select, Space, Switch, Table, type TableProps } from 'antd';
import { StopOutlined, UndoOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { Role, type AdminUserRow } from '../lib/contract';
import { banUsers, setTeacher, unbanUser } from '../api/users';
import { useAdminUsers, useRefreshAdminUsers } from '../api/users-queries';
import RatingName from '../components/rating/RatingName';
import { ratingText } from '../components/rating/tiers';
import RoleTag from './RoleTag';
import { notify } from '../lib/notify';

const PAGE_SIZE = 10;

/** 用户管理: paged list with keyword search and role filter; ban (one or many) and unban, each confirmed. */
export default function UsersPage() {
  const [pageNum, setPageNum] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [role, setRole] = useState<number | undefined>();
  const [selected, setSelected] = useState<number[]>([]);
  const page = useAdminUsers({ pageNum, pageSize: PAGE_SIZE, keyword: keyword || undefined, role });
  const refresh = useRefreshAdminUsers();

  const ban = async (uuids: number[]) => {
    try {
      await banUsers(uuids);
      notify.success(uuids.length > 1 ? `已封禁 ${uuids.length} 个用户` : '已封禁该用户');
      setSelected([]);
      await refresh();
    } catch {
      // toasted by the client
    }
  };

  const toggleTeacher = async (uuid: number, teacher: boolean) => {
    try {
      await setTeacher(uuid, teacher);
      notify.success(teacher ? '已设为教师' : '已取消教师');
      await refresh();
    } catch {
      // The server's message was shown.
    }
  };
  const unban = async (uuid: number) => {
    try {
      await unbanUser(uuid);
      notify.success('已解除封禁');
      await refresh();
    } catch {
      // toasted by the client
    }
  };

  const columns: TableProps<AdminUserRow>['columns'] = [
    { title: '用户编号', dataIndex: 'uuid', width: 90 },
    { title: '账号', dataIndex: 'account' },
    {
      title: '昵称',
      dataIndex: 'username',
      render: (v: string, row) => (v ? <RatingName name={v} rating={row.rating} rated={row.rated} /> : '—'),
    },
    {
      title: 'Rating',
      key: 'rating',
      width: 90,
      render: (_: unknown, row) => ratingText(row.rating, row.rated),
    },
    { title: '邮箱', dataIndex: 'email', render: (v: string) => v || '—' },
    {
      title: '角色',
      dataIndex: 'role',
      width: 110,
      render: (r: number, row) => <RoleTag role={r} isBoss={row.is_boss} />,
    },
    {
      title: '教师',
      key: 'teacher',
      width: 90,
      // Administrators are teachers without the mark; banned users cannot be marked.
      render: (_, row) =>
        row.role === Role.User ? (
          <Switch
            size="small"
            checked={row.teacher}
            aria-label={`${row.account} 是否教师`}
            data-testid={`teacher-${row.uuid}`}
            onChange={(on) => void toggleTeacher(row.uuid, on)}
          />
        ) : row.role === Role.Admin ? (
          '—'
        ) : null,
    },
    {
      title: '注册时间',
      dataIndex: 'create_time',
      width: 170,
      render: (v: string) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '—'),
    },
    {
      title: '操作',
      key: 'actions',
      width: 120,
      render: (_, row) =>
        row.role === Role.Ban ? (
          <Popconfirm
            title={`确定解除对「${row.account}」的封禁吗？`}
            okText="解封"
            cancelText="取消"
            onConfirm={() => unban(row.uuid)}
          >
            <Button size="small" icon={<UndoOutlined />}>
              解封
            </Button>
          </Popconfirm>
        ) : row.role === Role.User ? (
          <Popconfirm
            title={`确定封禁「${row.account}」吗？`}
            description="封禁后该用户将无法登陆和使用需要登陆的功能。"
            okText="封禁"
            okButtonProps={{ danger: true }}
            cancelText="取消"
            onConfirm={() => ban([row.uuid])}
          >
            <Button size="small" danger icon={<StopOutlined />}>
              封禁
            </Button>
          </Popconfirm>
        ) : null,
    },
  ];

  return (
    <div data-testid="admin-users">
      <div className="adm-toolbar">
        <Input.Search
          placeholder="按账号、昵称或邮箱搜索"
          allowClear
          enterButton="搜索"
          style={{ width: 320 }}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPageNum(1);
          }}
        />
        <Select
          style={{ width: 140 }}
          placeholder="全部角色"
          allowClear
          value={role}
          onChange={(v) => {
            setRole(v);
            setPageNum(1);
          }}
          options={[
            { value: Role.User, label: '普通用户' },
            { value: Role.Admin, label: '管理员' },
            { value: Role.Ban, label: '已封禁' },
          ]}
        />
        <Space style={{ marginLeft: 'auto' }}>
          <Popconfirm
            title={`确定封禁选中的 ${selected.length} 个用户吗？`}
            okText="封禁"
            okButtonProps={{ danger: true }}
            cancelText="取消"
            disabled={selected.length === 0}
            onConfirm={() => ban(selected)}
          >
            <Button danger disabled={selected.length === 0}>
              批量封禁{selected.length ? `（${selected.length}）` : ''}
            </Button>
          </Popconfirm>
        </Space>
      </div>
      <Table<AdminUserRow>
        rowKey="uuid"
        columns={columns}
        dataSource={page.data?.records ?? []}
        loading={page.isFetching}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(Number)),
          getCheckboxProps: (row) => ({ disabled: row.role !== Role.User }),
        }}
        pagination={{
          current: pageNum,
          pageSize: PAGE_SIZE,
          total: page.data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (t) => `共 ${t} 个用户`,
          onChange: setPageNum,
        }}
        locale={{ emptyText: keyword ? '没有找到匹配的用户' : '暂无用户' }}
      />
    </div>
  );
}
