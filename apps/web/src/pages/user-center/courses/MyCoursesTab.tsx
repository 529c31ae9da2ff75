import { List, Space } from 'antd';
import Progress from '../../../components/plain/Progress';
import Card from '../../../components/plain/Card';
import { Typography } from '../../../components/plain/Typography';
import Empty from '../../../components/plain/Empty';
import Skeleton from '../../../components/plain/Skeleton';
import { Tag } from '../../../components/plain/Tag';
import { Link } from 'react-router';
import { priceText, useMyCourses } from '../../../api/courses';

/** 个人中心 · 我的课程: the plans and courses the user joined, with progress, on a card (as 我的订单) so that the list does not sit on the background picture. */
export default function MyCoursesTab() {
  return (
    <Card title="我的课程" data-testid="courses-tab">
      <MyCourses />
    </Card>
  );
}

function MyCourses() {
  const { data, isLoading } = useMyCourses();
  if (isLoading) return <Skeleton active />;
  if (!data?.length)
    return (
      <Empty description="还没有加入学习计划或课程">
        <Link to="/study">去看看</Link>
      </Empty>
    );
  return (
    <List
      data-testid="my-courses"
      dataSource={data}
      renderItem={(c) => (
        <List.Item>
          <Space direction="vertical" style={{ width: '100%' }}>
            <Space wrap>
              <Link to={`/study/${c.id}`}>{c.title}</Link>
              <Tag>{c.kind === 'plan' ? '学习计划' : '课程'}</Tag>
              {c.kind === 'course' && <Tag color="volcano">{priceText(c.price_fen)}</Tag>}
            </Space>
            <Progress
              percent={c.problem_total ? Math.round((c.solved / c.problem_total) * 100) : 0}
              size="small"
              format={() => `${c.solved}/${c.problem_total}`}
            />
            <Typography.Text type="secondary">{c.member_count} 人已加入</Typography.Text>
          </Space>
        </List.Item>
      )}
    />
  );
}
