import { Button, Card, Empty, Popconfirm, Space, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import type { AuthoredClassProblem } from '../../../lib/contract';
import { deleteProblem } from '../../../api/problems';
import { useAuthoredClassProblems } from '../../../api/class-problems';
import DifficultyTag from '../../../components/DifficultyTag';
import { notify } from '../../../lib/notify';

/**
 * 题目管理 for a teacher (issue 27 part 3; docs/classes.md 班级题目): the class problems it wrote,
 * with their classes; new ones, editing, 题目验证 and deleting. Nothing else of the bank is shown.
 */
export default function TeacherProblemList() {
  const navigate = useNavigate();
  const list = useAuthoredClassProblems();
  const remove = async (id: number) => {
    try {
      await deleteProblem(id);
      notify.success(`题目 ${id} 已删除`);
      await list.refetch();
    } catch {
      // toast shown
    }
  };
  return (
    <Card data-testid="teacher-problem-list">
      <Space wrap style={{ marginBottom: 16 }}>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => navigate('/problems/new')}
          data-testid="new-problem"
          disabled={list.data ? !list.data.classes.length : true}
        >
          新建班级题目
        </Button>
        {list.data && !list.data.classes.length && <span>你还没有任教或担任助教的班级</span>}
      </Space>
      <Table<AuthoredClassProblem>
        rowKey="problem_id"
        loading={list.isLoading}
        dataSource={list.data?.records ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description="还没有班级题目" /> }}
        columns={[
          { title: '题号', dataIndex: 'problem_id', width: 80 },
          { title: '题目名称', dataIndex: 'chinese_name' },
          {
            title: '难度',
            dataIndex: 'difficulty',
            render: (d: number) => <DifficultyTag difficulty={d} />,
          },
          {
            title: '班级',
            dataIndex: 'classes',
            render: (cs: AuthoredClassProblem['classes']) =>
              cs.map((c) => <Tag key={c.class_id}>{c.name}</Tag>),
          },
          {
            title: '操作',
            key: 'ops',
            render: (_, r) => (
              <Space size={0} wrap>
                <Button type="link" onClick={() => navigate(`/problems/${r.problem_id}/edit`)}>
                  编辑
                </Button>
                <Button type="link" onClick={() => navigate(`/problems/${r.problem_id}/verify`)}>
                  题目验证
                </Button>
                <Popconfirm
                  title={`删除题目 ${r.problem_id}？`}
                  okText="删除"
                  cancelText="取消"
                  onConfirm={() => void remove(r.problem_id)}
                >
                  <Button type="link" danger>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
