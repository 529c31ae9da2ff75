import Progress from '../../components/plain/Progress';
import Card from '../../components/plain/Card';
import { Typography } from '../../components/plain/Typography';
import Empty from '../../components/plain/Empty';
import Skeleton from '../../components/plain/Skeleton';
import { Tag } from '../../components/plain/Tag';
import { BookOutlined, ReadOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { CourseSummary } from '../../lib/contract';
import { priceText, useStudyHome } from '../../api/courses';
import { percent } from './StudyStatus';
import './study.css';

function PlanCard({ plan }: { plan: CourseSummary }) {
  return (
    <Link to={`/study/${plan.id}`} data-testid={`plan-card-${plan.id}`}>
      <Card
        hoverable
        className="oj-study-card"
        cover={plan.cover ? <img alt="" src={plan.cover} className="oj-study-cover" /> : undefined}
      >
        <div className="oj-study-card-body">
          <div className="oj-study-card-head">
            <Typography.Text strong className="oj-study-title">
              {plan.title}
            </Typography.Text>
            {plan.kind === 'course' && (
              <Tag color={plan.price_fen > 0 ? 'volcano' : 'green'} data-testid="price-tag">
                {priceText(plan.price_fen)}
              </Tag>
            )}
            {plan.joined && <Tag color="blue">已加入</Tag>}
          </div>
          <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ marginBottom: 0 }}>
            {plan.description || '暂无简介'}
          </Typography.Paragraph>
          {plan.joined ? (
            <Progress
              percent={percent(plan.solved, plan.problem_total)}
              size="small"
              format={() => `${plan.solved}/${plan.problem_total}`}
            />
          ) : (
            <Typography.Text type="secondary">
              {plan.problem_total} 道题 · {plan.member_count} 人已加入
            </Typography.Text>
          )}
        </div>
      </Card>
    </Link>
  );
}

function Grid({ items, empty }: { items: CourseSummary[]; empty: string }) {
  if (!items.length) return <Empty description={empty} />;
  return (
    <ul className="oj-study-grid">
      {items.map((p) => (
        <li key={p.id}>
          <PlanCard plan={p} />
        </li>
      ))}
    </ul>
  );
}

/** /study: the plans (joined ones first, with progress bars), then the courses with their prices. */
export default function StudyHomePage() {
  const { data, isLoading } = useStudyHome();
  const all = data ?? [];
  return (
    <div className="oj-study-page" data-testid="study-home">
      <Card
        title={
          <>
            <BookOutlined />
            学习计划
          </>
        }
      >
        {isLoading ? (
          <Skeleton active />
        ) : (
          <Grid items={all.filter((p) => p.kind === 'plan')} empty="暂无学习计划" />
        )}
      </Card>
      <Card
        style={{ marginTop: 16 }}
        title={
          <>
            <ReadOutlined />
            课程
          </>
        }
      >
        {isLoading ? (
          <Skeleton active />
        ) : (
          <Grid items={all.filter((p) => p.kind === 'course')} empty="暂无课程" />
        )}
      </Card>
    </div>
  );
}
