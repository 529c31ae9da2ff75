import { Button, Popconfirm, Space, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import type { CourseSummary } from '../../../lib/contract';
import { deleteCourse, priceText, useAdminCourses, useRefreshAdminCourses } from '../../../api/courses';
import { notify } from '../../../lib/notify';
import ProblemVideoPanel from './ProblemVideoPanel';

/** 课程管理: every study plan and course, with create, edit (sections, lessons, videos, members) and delete. */
export default function CoursesListPage() {
  const navigate = useNavigate();
  const list = useAdminCourses();
  const refresh = useRefreshAdminCourses();
  const remove = async (id: number) => {
    try {
      await deleteCourse(id);
      notify.success('已删除');
      await refresh();
    } catch {
      // toasted by the client
    }
  };
  return (
    <div data-testid="admin-courses">
      <Space style={{ marginBottom: 16 }}>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => navigate('/courses/new')}
          data-testid="new-course"
        >
          新建学习计划 / 课程
        </Button>
      </Space>
      <Table<CourseSummary>
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: '编号', dataIndex: 'id', width: 80 },
          { title: '标题', dataIndex: 'title' },
          {
            title: '类型',
            key: 'kind',
            width: 100,
            render: (_, c) => (c.kind === 'plan' ? <Tag>学习计划</Tag> : <Tag color="blue">课程</Tag>),
          },
          { title: '价格', key: 'price', width: 100, render: (_, c) => priceText(c.price_fen) },
          { title: '成员', dataIndex: 'member_count', width: 80 },
          { title: '题目', dataIndex: 'problem_total', width: 80 },
          {
            title: '操作',
            key: 'ops',
            width: 160,
            render: (_, c) => (
              <Space>
                <Button
                  size="small"
                  onClick={() => navigate(`/courses/${c.id}/edit`)}
                  data-testid={`edit-course-${c.id}`}
                >
                  编辑
                </Button>
                <Popconfirm
                  title={`删除「${c.title}」？`}
                  okText="删除"
                  cancelText="取消"
                  onConfirm={() => void remove(c.id)}
                >
                  <Button size="small" danger>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <ProblemVideoPanel />
    </div>
  );
}
