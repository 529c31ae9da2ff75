import { Alert, Progress as Bar, Space, Table, Typography } from 'antd';
import { LoadingOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { TestResultView } from '../../../lib/contract';
import VerdictTag from '../../../components/VerdictTag';
import { formatMemory, formatTime, verdictStyle } from '../../../components/verdicts';
import { progressPercent, progressText, type Progress } from './progress';

export const testColumns = [
  { title: '测试点', dataIndex: 'index', width: 80 },
  { title: '结果', dataIndex: 'status', render: (s: string) => <VerdictTag status={s} full /> },
  { title: '用时', dataIndex: 'time_used', render: formatTime },
  { title: '内存', dataIndex: 'memory_used', render: formatMemory },
  { title: '说明', dataIndex: 'message', ellipsis: true },
];

/** Where a submission's record lives and how the link reads (the contest pages have their own). */
export interface RecordLink {
  href: (submissionId: number) => string;
  label: string;
  testId: string;
}

const bankRecordLink = (problemId: number): RecordLink => ({
  href: (id) => `/problems/${problemId}/records/${id}`,
  label: '查看提交记录',
  testId: 'record-link',
});

/** The live view of a submission: phase, per-test results as they arrive, then the verdict. */
export default function LiveResult({
  progress,
  problemId,
  recordLink = bankRecordLink(problemId),
}: {
  progress: Progress | null;
  problemId: number;
  recordLink?: RecordLink;
}) {
  if (!progress) return <Typography.Text type="secondary">提交后在这里实时查看评测进度。</Typography.Text>;
  const record = progress.record;
  const done = progress.phase === 'done' && record;
  return (
    <div data-testid="live-result">
      <Space align="center" size="large" style={{ marginBottom: 12 }}>
        {done ? (
          <span
            className="oj-verdict-big"
            style={{ color: verdictStyle(record.status).color }}
            data-testid="final-verdict"
            data-verdict={record.status}
          >
            {record.status} · {verdictStyle(record.status).name}
          </span>
        ) : (
          <span data-testid="progress-text">
            {progress.phase !== 'lost' && <LoadingOutlined style={{ marginRight: 8 }} />}
            {progressText(progress)}
          </span>
        )}
        {done && (
          <Typography.Text type="secondary">
            {formatTime(record.time_used)} · {formatMemory(record.memory_used)}
          </Typography.Text>
        )}
        <Link to={recordLink.href(progress.submissionId)} data-testid={recordLink.testId}>
          {recordLink.label} #{progress.submissionId}
        </Link>
      </Space>
      {progress.total > 0 && !done && <Bar percent={progressPercent(progress)} size="small" />}
      {done && record.compile_message && (
        <Alert
          type="warning"
          message="编译信息"
          description={<pre className="oj-pre">{record.compile_message}</pre>}
          style={{ marginBottom: 12 }}
        />
      )}
      {progress.results.length > 0 && (
        <Table<TestResultView>
          rowKey="index"
          size="small"
          pagination={false}
          dataSource={progress.results}
          columns={testColumns}
        />
      )}
    </div>
  );
}
