import { Table } from 'antd';
import Popconfirm from '../../components/plain/Popconfirm';
import Button from '../../components/plain/Button';
import { Tag } from '../../components/plain/Tag';
import { Link } from 'react-router';
import { CLASS_ROLE_LABELS, type ClassMember, type ClassSummary } from '../../lib/contract';
import { removeMember, setMemberRole, useClassMembers, useRefreshClasses } from '../../api/classes';
import { notify } from '../../lib/notify';
import { useUserStore } from '../../stores/user';

/** 成员: members and managers see the list; TAs remove students, the teacher also makes TAs. */
export default function ClassMembers({ c }: { c: ClassSummary }) {
  const me = useUserStore((s) => s.user.uuid);
  const list = useClassMembers(c.class_id, true);
  const refresh = useRefreshClasses();
  const act = async (p: Promise<unknown>, done: string) => {
    try {
      await p;
      notify.success(done);
      await refresh();
    } catch {
      // The server's message was shown.
    }
  };
  const columns = [
    {
      title: '成员',
      key: 'who',
      render: (_: unknown, m: ClassMember) => (
        <span style={{ overflowWrap: 'anywhere' }} data-testid="class-member">
          {c.can_manage && m.role === 'student' ? (
            <Link to={`/class/${c.class_id}/student/${m.user_id}`} data-testid="class-member-insight">
              {m.username}
            </Link>
          ) : (
            m.username
          )}{' '}
          <span className="class-meta">{m.account}</span>
        </span>
      ),
    },
    {
      title: '角色',
      key: 'role',
      render: (_: unknown, m: ClassMember) => (
        <Tag color={m.role === 'teacher' ? 'blue' : m.role === 'ta' ? 'green' : undefined}>
          {CLASS_ROLE_LABELS[m.role]}
        </Tag>
      ),
    },
    ...(c.can_manage
      ? [
          {
            title: '操作',
            key: 'ops',
            render: (_: unknown, m: ClassMember) =>
              m.role === 'teacher' || m.user_id === me ? null : (
                <span className="class-row">
                  {c.is_owner && (
                    <Button
                      size="small"
                      onClick={() =>
                        void act(
                          setMemberRole(c.class_id, m.user_id, m.role === 'ta' ? 'student' : 'ta'),
                          m.role === 'ta' ? '已设为学生' : '已设为助教',
                        )
                      }
                    >
                      {m.role === 'ta' ? '取消助教' : '设为助教'}
                    </Button>
                  )}
                  {(m.role === 'student' || c.is_owner) && (
                    <Popconfirm
                      title={`把 ${m.username} 移出班级？`}
                      okText="移除"
                      cancelText="取消"
                      onConfirm={() => void act(removeMember(c.class_id, m.user_id), '已移除成员')}
                    >
                      <Button size="small" danger>
                        移除
                      </Button>
                    </Popconfirm>
                  )}
                </span>
              ),
          },
        ]
      : []),
  ];
  return (
    <Table<ClassMember>
      rowKey="user_id"
      size="small"
      loading={list.isLoading}
      dataSource={list.data ?? []}
      columns={columns}
      pagination={{ pageSize: 50, hideOnSinglePage: true }}
    />
  );
}
