import DataTable from '../DataTable';
import { Typography } from '../plain/Typography';
import { Tag } from '../plain/Tag';
import type { SubtaskResultView } from '../../lib/contract';
import VerdictTag from '../VerdictTag';
import { formatPoints } from './score';

/** Per-subtask results of a record: points, what it earned, and why a subtask earned nothing. */
export default function SubtaskResults({ subtasks }: { subtasks: SubtaskResultView[] }) {
  return (
    <DataTable<SubtaskResultView>
      rowKey="subtask"
      size="small"
      rows={subtasks}
      data-testid="subtask-table"
      columns={[
        { title: '子任务', dataIndex: 'subtask', width: 72 },
        { title: '分值', dataIndex: 'points', width: 72, render: formatPoints },
        {
          title: '得分',
          dataIndex: 'score',
          width: 72,
          render: (score: number, s) => (
            <span data-testid="subtask-score" style={{ color: score >= s.points ? '#52c41a' : undefined }}>
              {formatPoints(score)}
            </span>
          ),
        },
        {
          title: '状态',
          key: 'status',
          render: (_, s) => (
            <span style={{ whiteSpace: 'nowrap' }}>
              {s.status ? <VerdictTag status={s.status} full /> : null}
              {s.skipped && <Tag data-testid="subtask-skipped">已跳过</Tag>}
              {s.blocked_by !== null && (
                <Typography.Text type="secondary" data-testid="subtask-blocked">
                  依赖的子任务 {s.blocked_by} 未满分，不得分
                </Typography.Text>
              )}
            </span>
          ),
        },
      ]}
    />
  );
}
