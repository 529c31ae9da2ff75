import { Suspense, useState } from 'react';
import Progress from '../../components/plain/Progress';
import Button from '../../components/plain/Button';
import Empty from '../../components/plain/Empty';
import Skeleton from '../../components/plain/Skeleton';
import { Tag } from '../../components/plain/Tag';
import { Link } from 'react-router';
import dayjs from 'dayjs';
import type { ClassSummary, HomeworkSummary } from '../../lib/contract';
import { useClassHomework } from '../../api/homework';
import './classes.css';
import { lazyScoped } from '../../lib/antdScope';

// The editor (antd Form, Modal, DatePicker, Select) is for teachers, loaded when 布置作业 is clicked.
const HomeworkEditor = lazyScoped(() => import('./HomeworkParts'));

/** 剩余时间: until the deadline, or the late period, or 已截止. */
export function timeLeft(h: Pick<HomeworkSummary, 'deadline' | 'late_end'>, now = dayjs()): string {
  const left = (to: string) => {
    const mins = dayjs(to).diff(now, 'minute');
    const d = Math.floor(mins / 1440);
    const hrs = Math.floor((mins % 1440) / 60);
    return d > 0
      ? `${d} 天 ${hrs} 小时`
      : hrs > 0
        ? `${hrs} 小时 ${mins % 60} 分钟`
        : `${Math.max(mins, 0)} 分钟`;
  };
  if (dayjs(h.deadline).isAfter(now)) return `剩余 ${left(h.deadline)}`;
  if (h.late_end && dayjs(h.late_end).isAfter(now)) return `补交中，剩余 ${left(h.late_end)}`;
  return '已截止';
}

/** One homework in a list: title, classes, time left, the student's progress. */
export function HomeworkItem({ h }: { h: HomeworkSummary }) {
  return (
    <li data-testid="homework-item">
      <div style={{ width: '100%', minWidth: 0 }}>
        <Link to={`/class/homework/${h.homework_id}`} style={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {h.title}
        </Link>
        <div className="class-meta">
          {h.classes.map((c) => c.name).join('、')} · 截止 {dayjs(h.deadline).format('YYYY-MM-DD HH:mm')} ·{' '}
          <Tag>{timeLeft(h)}</Tag>
        </div>
        {h.progress ? (
          <div data-testid="homework-progress">
            完成 {h.progress.solved}/{h.progress.total} · 得分 {h.progress.score}
            <Progress
              percent={h.progress.total ? Math.round((h.progress.solved / h.progress.total) * 100) : 0}
              size="small"
            />
          </div>
        ) : (
          <div className="class-meta">{h.problem_count} 道题 · 你管理此作业</div>
        )}
      </div>
    </li>
  );
}

/** Homework, one per row (antd List's look: rows parted by a line). */
export function HomeworkList({ items }: { items: HomeworkSummary[] }) {
  return (
    <ul className="class-list oj-links">
      {items.map((h) => (
        <HomeworkItem key={h.homework_id} h={h} />
      ))}
    </ul>
  );
}

/** The class page's 作业 tab: the class's homework; teachers and TAs create it. */
export function ClassHomework({ c }: { c: ClassSummary }) {
  const list = useClassHomework(c.class_id);
  const [creating, setCreating] = useState(false);
  return (
    <div>
      {c.can_manage && (
        <Button
          type="primary"
          onClick={() => setCreating(true)}
          style={{ marginBottom: 12 }}
          data-testid="homework-create"
        >
          布置作业
        </Button>
      )}
      {list.isLoading ? (
        <Skeleton active />
      ) : list.data?.length ? (
        <HomeworkList items={list.data} />
      ) : (
        <Empty description="暂无作业" />
      )}
      {c.can_manage && creating && (
        <Suspense fallback={null}>
          <HomeworkEditor open onClose={() => setCreating(false)} classId={c.class_id} />
        </Suspense>
      )}
    </div>
  );
}
