import { useState } from 'react';
import { Button, Input, Popconfirm, Space, Table } from 'antd';
import type { CourseAdminView } from '../../../lib/contract';
import { setCourseUsers } from '../../../api/courses';
import { notify } from '../../../lib/notify';

type Member = CourseAdminView['members'][number];
const VIA: Record<string, string> = { free: '免费加入', admin: '管理员添加' };

/** Members of a course: how each got in; admins add users by id (free of charge) or remove them. */
export default function MembersPanel({ course, onChange }: { course: CourseAdminView; onChange(): void }) {
  const [ids, setIds] = useState('');
  const change = async (uuids: number[], enrolled: boolean) => {
    try {
      await setCourseUsers(course.id, uuids, enrolled);
      notify.success(enrolled ? '已添加' : '已移除');
      setIds('');
      onChange();
    } catch {
      // toasted by the client
    }
  };
  const parsed = ids
    .split(/[\s,，]+/)
    .filter(Boolean)
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Input
          style={{ width: 280 }}
          placeholder="用户编号，多个用逗号或空格分隔"
          value={ids}
          onChange={(e) => setIds(e.target.value)}
          data-testid="member-ids"
        />
        <Button
          type="primary"
          disabled={!parsed.length}
          onClick={() => void change(parsed, true)}
          data-testid="add-members"
        >
          添加成员
        </Button>
      </Space>
      <Table<Member>
        rowKey="uuid"
        size="small"
        dataSource={course.members}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: '用户编号', dataIndex: 'uuid', width: 100 },
          { title: '昵称', dataIndex: 'username' },
          {
            title: '加入方式',
            key: 'via',
            render: (_, m) => VIA[m.via] ?? (m.via.startsWith('order:') ? `订单 ${m.via.slice(6)}` : m.via),
          },
          {
            title: '加入时间',
            dataIndex: 'join_time',
            render: (t: string) => new Date(t).toLocaleString('zh-CN'),
          },
          {
            title: '操作',
            key: 'ops',
            width: 90,
            render: (_, m) => (
              <Popconfirm
                title="移出课程？"
                okText="移出"
                cancelText="取消"
                onConfirm={() => void change([m.uuid], false)}
              >
                <Button size="small" danger>
                  移出
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    </Space>
  );
}
