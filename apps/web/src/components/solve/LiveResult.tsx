import Alert from '../plain/Alert';
import Bar from '../plain/Progress';
import { Typography } from '../plain/Typography';
import { LoadingOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { formatMemory, formatTime, verdictStyle } from '../verdicts';
import { progressPercent, progressText, type Progress } from './progress';
import TestResults from './TestResults';
import { scoreText } from './score';

import SubtaskResults from './SubtaskResults';

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
      <div className="oj-live-head">
        {done ? (
          <span
            className="oj-verdict-big"
            style={{ color: verdictStyle(record.status).color }}
            data-testid="final-verdict"
            data-verdict={record.status}
          >
            {record.status} · {verdictStyle(record.status).name}
            {scoreText(record) && <span data-testid="final-score"> · {scoreText(record)} 分</span>}
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
      </div>
      {progress.total > 0 && !done && <Bar percent={progressPercent(progress)} size="small" />}
      {done && record.compile_message && (
        <div style={{ marginBottom: 12 }}>
          <Alert
            type="warning"
            message="编译信息"
            description={<pre className="oj-pre">{record.compile_message}</pre>}
          />
        </div>
      )}
      {done && record.subtasks.length > 0 && (
        <div style={{ marginBottom: 12 }}>
          <SubtaskResults subtasks={record.subtasks} />
        </div>
      )}
      {progress.results.length > 0 && <TestResults results={progress.results} />}
    </div>
  );
}
