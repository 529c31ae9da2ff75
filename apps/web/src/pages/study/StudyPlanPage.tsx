import { Suspense, useState } from 'react';
import Alert from '../../components/plain/Alert';
import TabBar from '../../components/plain/TabBar';
import DataTable from '../../components/DataTable';
import Progress from '../../components/plain/Progress';
import Card from '../../components/plain/Card';
import Result from '../../components/plain/Result';
import { Typography } from '../../components/plain/Typography';
import Button from '../../components/plain/Button';
import Skeleton from '../../components/plain/Skeleton';
import { Tag } from '../../components/plain/Tag';
import { ArrowRightOutlined } from '@ant-design/icons';
import { Link, useNavigate, useParams } from 'react-router';
import type { CourseDetail, CourseRankRow } from '../../lib/contract';
import { MarkdownView } from '../../components/MarkdownView';
import { joinCourse, priceText, useCourse, useCourseRank, useRefreshCourses } from '../../api/courses';
import { isLoggedIn, useUserStore } from '../../stores/user';
import { notify } from '../../lib/notify';
import SectionList from './SectionList';
import { percent, problemPath } from './StudyStatus';
import './study.css';
import { loginPath } from '../../lib/account';
import { lazyScoped } from '../../lib/antdScope';

// The pay dialog (antd Modal, a QR code) loads when 购买 is clicked.
const PayDialog = lazyScoped(() => import('../../components/pay/PayDialog'));

function JoinArea({ plan }: { plan: CourseDetail }) {
  const user = useUserStore((s) => s.user);
  const navigate = useNavigate();
  const refreshCourses = useRefreshCourses();
  const [paying, setPaying] = useState(false);
  const [busy, setBusy] = useState(false);
  const refresh = () => void refreshCourses();
  if (plan.joined) return <Tag color="blue">已加入</Tag>;
  const paid = plan.price_fen > 0;
  const join = async () => {
    if (!isLoggedIn(user)) {
      navigate(loginPath('join-plan', location.pathname));
      return;
    }
    if (paid) {
      setPaying(true);
      return;
    }
    setBusy(true);
    try {
      const r = await joinCourse(plan.id);
      if (r.need_pay) setPaying(true);
      else {
        notify.success('已加入');
        refresh();
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        type="primary"
        size="large"
        loading={busy}
        onClick={() => void join()}
        data-testid="join-button"
      >
        {paid ? `购买 ${priceText(plan.price_fen)}` : plan.kind === 'plan' ? '加入学习计划' : '免费加入'}
      </Button>
      {paid && paying && (
        <Suspense fallback={null}>
          <PayDialog
            courseId={plan.id}
            open
            onClose={() => setPaying(false)}
            onPaid={() => {
              setPaying(false);
              refresh();
            }}
          />
        </Suspense>
      )}
    </>
  );
}

function RankTab({ id }: { id: number }) {
  const [page, setPage] = useState(1);
  const { data, isLoading } = useCourseRank(id, page, true);
  return (
    <DataTable<CourseRankRow>
      rowKey="uuid"
      loading={isLoading}
      rows={data?.records ?? []}
      minWidth={480}
      pagination={{
        current: page,
        pageSize: data?.pageSize ?? 50,
        total: data?.total ?? 0,
        onChange: setPage,
        unit: '人',
        hideOnSinglePage: true,
      }}
      columns={[
        { title: '排名', dataIndex: 'rank', width: 70 },
        {
          title: '用户',
          key: 'user',
          render: (_, r) => <Link to={`/user/space/${r.uuid}`}>{r.username}</Link>,
        },
        { title: '解题数', dataIndex: 'solved', width: 90 },
        {
          title: '加入时间',
          dataIndex: 'join_time',
          width: 180,
          render: (t: string) => new Date(t).toLocaleString('zh-CN'),
        },
      ]}
      data-testid="course-rank"
    />
  );
}

function Header({ plan }: { plan: CourseDetail }) {
  return (
    <Card>
      <div className="oj-study-head">
        <div className="oj-study-head-main">
          <div className="oj-study-title">
            <Typography.Title level={3} style={{ margin: 0 }} data-testid="plan-title">
              {plan.title}
            </Typography.Title>
            <Tag>{plan.kind === 'plan' ? '学习计划' : '课程'}</Tag>
            {plan.kind === 'course' && (
              <Tag color={plan.price_fen > 0 ? 'volcano' : 'green'}>{priceText(plan.price_fen)}</Tag>
            )}
          </div>
          <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
            {plan.member_count} 人已加入 · {plan.problem_total} 道练习题
          </Typography.Paragraph>
          {plan.description && <MarkdownView text={plan.description} html={plan.description_html} />}
        </div>
        <div className="oj-study-join">
          <JoinArea plan={plan} />
        </div>
      </div>
      {plan.joined && (
        <div style={{ marginTop: 12 }}>
          <div style={{ marginBottom: 12 }}>
            <Progress
              percent={percent(plan.solved, plan.problem_total)}
              format={() => `${plan.solved}/${plan.problem_total}`}
              data-testid="plan-progress"
            />
          </div>
          {plan.next ? (
            <Alert
              type="info"
              data-testid="next-step"
              message={
                <span className="oj-study-next">
                  下一步：第 {plan.next.section_index + 1} 章
                  <Link to={problemPath(plan.next)}>
                    {plan.next.title} <ArrowRightOutlined />
                  </Link>
                </span>
              }
            />
          ) : (
            <Alert type="success" message="全部完成，继续保持！" />
          )}
        </div>
      )}
      {!plan.can_view_content && (
        <div style={{ marginTop: 12 }}>
          <Alert
            type="warning"
            message="加入课程后可学习全部课时，现在可以试看第一课"
            data-testid="preview-hint"
          />
        </div>
      )}
    </Card>
  );
}

/** 大纲, and a course's 排行. */
function PlanTabs({ plan }: { plan: CourseDetail }) {
  const [tab, setTab] = useState('outline');
  const items = [
    { key: 'outline', label: '大纲' },
    ...(plan.kind === 'course' ? [{ key: 'rank', label: '排行' }] : []),
  ];
  return (
    <>
      <TabBar items={items} activeKey={tab} onChange={setTab} />
      <div role="tabpanel">{tab === 'rank' ? <RankTab id={plan.id} /> : <SectionList plan={plan} />}</div>
    </>
  );
}

/** /study/{plan_id} (and /course/{course_id} for visitors): one plan or course with its progress. */
export default function StudyPlanPage() {
  const params = useParams();
  const id = Number(params.planId ?? params.courseId);
  const { data, isLoading, isError } = useCourse(Number.isInteger(id) ? id : 0);
  if (isLoading) return <Skeleton active className="oj-study-page" />;
  if (isError || !data)
    return <Result status="404" title="学习计划不存在" extra={<Link to="/study">返回学习</Link>} />;
  return (
    <div className="oj-study-page" data-testid="study-plan">
      <Header plan={data} />
      <Card style={{ marginTop: 16 }}>
        <PlanTabs plan={data} />
      </Card>
    </div>
  );
}
