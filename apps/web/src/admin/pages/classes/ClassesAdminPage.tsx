import { Button, Popconfirm, Table, Tag, type TableProps } from 'antd';
import dayjs from 'dayjs';
import type { AdminClassRow } from '../../../lib/contract';
import { deleteClass, useAdminClasses, useRefreshClasses } from '../../../api/classes';
import { notify } from '../../../lib/notify';

/**
 * 班级 (issue 27 part 1): every class with its teacher and member count; an administrator may
 * delete one (its members, requests and announcements go with it). The 教师 mark is set on the
 * 用户管理 page.
 */
export default function ClassesAdminPage() {
  const list = useAdminClasses();
  const refresh = useRefreshClasses();
  const remove = async (id: number) => {
    try {
      await deleteClass(id);
      notify.success('班级已删除');
      await refresh();
    } catch {
      // The server's message was shown.
    }
  };
  const columns: TableProps<AdminClassRow>['columns'] = [
    { title: '编号', dataIndex: 'class_id', width: 70 },
    {
      title: '班级名称',
      dataIndex: 'name',
      render: (v: string, r) => (
        <>
          {v} {r.archived && <Tag>已归档</Tag>}
        </>
      ),
    },
    { title: '学校', dataIndex: 'school', render: (v: string) => v || '—' },
    { title: '学期', dataIndex: 'term', render: (v: string) => v || '—' },
    { title: '教师', dataIndex: 'teacher_name' },
    { title: '成员数', dataIndex: 'member_count', width: 80 },
    {
      title: '创建时间',
      dataIndex: 'created_at',
      width: 150,
      render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
    },
    {
      title: '操作',
      key: 'ops',
      width: 90,
      render: (_, r) => (
        <Popconfirm
          title={`删除班级「${r.name}」？成员、申请和公告将一并删除。`}
          okText="删除"
          okButtonProps={{ danger: true }}
          cancelText="取消"
          onConfirm={() => void remove(r.class_id)}
        >
          <Button size="small" danger>
            删除
          </Button>
        </Popconfirm>
      ),
    },
  ];
  return (
    <div data-testid="admin-classes">
      <Table<AdminClassRow>
        rowKey="class_id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        columns={columns}
        scroll={{ x: 760 }}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
      />
    </div>
  );
}
