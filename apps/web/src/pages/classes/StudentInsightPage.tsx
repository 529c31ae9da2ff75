import { Suspense, useEffect, useMemo, useRef } from 'react';
import { Col, Row, Spin } from 'antd';
import Card from '../../components/plain/Card';
import Result from '../../components/plain/Result';
import { Typography } from '../../components/plain/Typography';
import { Link, useParams } from 'react-router';
import type { SolvedBreakdown } from '../../lib/contract';
import { useStudentInsight } from '../../api/class-insight';
import { ApiError } from '../../api/errors';
import { SolvedByDifficulty, SolvedByTag } from '../../components/SolvedTables';
import type { HeatmapCell } from '../../components/heatmap/CalendarHeatmap';
import './classes.css';
import { lazyScoped } from '../../lib/antdScope';

// The calendar is a chunk of its own, shared with the personal centre.
const CalendarHeatmap = lazyScoped(() => import('../../components/heatmap/CalendarHeatmap'));

/** Solved by difficulty and by tag, over one scope (the bank or the class's homework). */
function Breakdown({ b, title, testId }: { b: SolvedBreakdown; title: string; testId: string }) {
  return (
    <Card size="small" title={`${title}：已解决 ${b.solved}/${b.total}`} data-testid={testId}>
      <SolvedByDifficulty b={b} />
      <SolvedByTag b={b} style={{ marginTop: 12 }} />
    </Card>
  );
}

/** /class/:classId/student/:uuid: a member's practice in the class (managers; a student their own). */
export default function StudentInsightPage() {
  const params = useParams();
  const classId = Number(params.classId);
  const uuid = Number(params.uuid);
  const q = useStudentInsight(Number.isInteger(classId) ? classId : 0, Number.isInteger(uuid) ? uuid : 0);
  const cells = useMemo<HeatmapCell[]>(
    () => (q.data?.daily ?? []).map((d) => [d.date, d.submitted, d.accepted]),
    [q.data],
  );
  const range = useMemo<[string, string]>(() => [q.data?.from ?? '', q.data?.to ?? ''], [q.data]);
  // On a phone the calendar scrolls in its box: start at its right end, the latest months.
  const scroller = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (scroller.current) scroller.current.scrollLeft = scroller.current.scrollWidth;
  }, [q.data]);
  if (q.isLoading) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (q.error || !q.data) {
    const e = q.error;
    const forbidden = e instanceof ApiError && e.httpStatus === 403;
    return (
      <Result
        status={forbidden ? '403' : '404'}
        title={forbidden ? '没有权限查看该学生的学情' : '该学生不在班级中'}
      />
    );
  }
  const d = q.data;
  const submitted = d.daily.reduce((n, x) => n + x.submitted, 0);
  const accepted = d.daily.reduce((n, x) => n + x.accepted, 0);
  return (
    <div className="class-page" data-testid="student-insight">
      <div className="class-head">
        <h2 data-testid="student-insight-name">{d.username} 的学情</h2>
      </div>
      <div className="class-meta" style={{ marginBottom: 12 }}>
        <Link to={`/class/${d.class_id}`}>{d.class_name}</Link> · 最近一年提交 {submitted} 次，通过 {accepted}{' '}
        次
      </div>
      <Card
        size="small"
        title="最近一年每日练习"
        extra={
          <Typography.Text type="secondary">
            {d.from} 至 {d.to}
          </Typography.Text>
        }
        data-testid="student-heatmap"
      >
        <div ref={scroller} style={{ overflowX: 'auto', maxWidth: '100%' }}>
          <div style={{ minWidth: 640 }}>
            <Suspense fallback={<Spin />}>
              <CalendarHeatmap data={cells} range={range} />
            </Suspense>
          </div>
        </div>
      </Card>
      <Row gutter={[16, 0]}>
        <Col xs={24} md={12}>
          <Breakdown b={d.homework} title="班级作业题" testId="student-insight-homework" />
        </Col>
        <Col xs={24} md={12}>
          <Breakdown b={d.bank} title="题库" testId="student-insight-bank" />
        </Col>
      </Row>
    </div>
  );
}
