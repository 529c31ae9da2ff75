import { useEffect } from 'react';
import { Alert, List, Progress, Skeleton, Space, Spin, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import dayjs from 'dayjs';
import { isImportRunning, useImportJob, useRefreshImportJobs } from '../../../api/problem-transfer';
import { useRefreshAdminProblems } from '../../../api/problems';
import {
  IMPORT_FORMAT_LABELS,
  IMPORT_JOB_STATUS_LABELS,
  type ImportJob,
  type ImportJobStatus,
} from '../../../lib/contract';

export const STATUS_COLORS: Record<ImportJobStatus, string> = {
  parsing: 'processing',
  storing: 'processing',
  done: 'success',
  failed: 'error',
  interrupted: 'warning',
};

const mib = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KiB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/**
 * One import, followed while it runs (read again every second): the package being read, the
 * problems being stored, then what it made, what it could not carry over, or why it was refused.
 * It lives on the server, so leaving or refreshing the page loses nothing.
 */
export default function ImportJobView({ jobId }: { jobId: number }) {
  const refreshProblems = useRefreshAdminProblems();
  const refreshJobs = useRefreshImportJobs();
  const job = useImportJob(jobId);
  const status = job.data?.status;
  const ended = status !== undefined && !isImportRunning(status);
  useEffect(() => {
    // Ended (or seen ended on first read): the problem list and the recent imports show it.
    if (!ended) return;
    void refreshProblems();
    void refreshJobs();
  }, [ended, refreshProblems, refreshJobs]);

  if (job.isError)
    return <Alert type="error" showIcon message="无法读取导入任务" description={job.error.message} />;
  if (!job.data) return <Skeleton active paragraph={{ rows: 2 }} />;
  const j = job.data;
  return (
    <div data-testid="import-job" data-status={j.status}>
      <Space wrap size={[8, 4]} style={{ marginBottom: 8 }}>
        <Typography.Text strong style={{ wordBreak: 'break-all' }}>
          {j.file_name}
        </Typography.Text>
        <Typography.Text type="secondary">
          {mib(j.file_size)} · {dayjs(j.create_time).format('YYYY-MM-DD HH:mm:ss')} · 任务 {j.job_id}
        </Typography.Text>
        <Tag color={STATUS_COLORS[j.status]} data-testid="import-job-status">
          {IMPORT_JOB_STATUS_LABELS[j.status]}
        </Tag>
      </Space>
      <JobState job={j} />
    </div>
  );
}

function JobState({ job }: { job: ImportJob }) {
  const source = job.format ? IMPORT_FORMAT_LABELS[job.format] : '题目包';
  if (job.status === 'parsing')
    return (
      <Space data-testid="import-progress" align="start">
        <Spin size="small" />
        <Typography.Text type="secondary">
          正在解析题目包（在服务器后台进行，可以离开或刷新本页，回来后进度仍在）…
        </Typography.Text>
      </Space>
    );
  if (job.status === 'storing')
    return (
      <div data-testid="import-progress">
        <Progress percent={Math.floor((job.done / Math.max(1, job.total)) * 100)} status="active" />
        <Typography.Text type="secondary">
          {`正在保存${source}中的题目：${job.done} / ${job.total}`}
        </Typography.Text>
        <Imported job={job} />
      </div>
    );
  if (job.status === 'failed')
    return (
      <Alert
        type="error"
        showIcon
        data-testid="import-error"
        message="导入被拒绝，没有保存任何题目"
        description={job.error?.message}
      />
    );
  return (
    <div data-testid="import-result">
      <Alert
        type={job.status === 'interrupted' ? 'warning' : job.imported.length ? 'success' : 'warning'}
        showIcon
        message={
          job.status === 'interrupted'
            ? `导入中断：已导入 ${job.imported.length} 道题目（隐藏）`
            : job.imported.length
              ? `已从${source}导入 ${job.imported.length} 道题目（隐藏）`
              : `${source}中没有导入任何题目`
        }
        description={job.status === 'interrupted' ? job.error?.message : undefined}
      />
      <Imported job={job} />
    </div>
  );
}

/** The problems made so far (links to their edit pages) and the warnings. */
function Imported({ job }: { job: ImportJob }) {
  return (
    <>
      {job.imported.length > 0 && (
        <Space wrap size={[4, 4]} style={{ marginTop: 12 }} data-testid="import-problems-made">
          {job.imported.map((p) => (
            <Link key={p.problem_id} to={`/problems/${p.problem_id}/edit`}>
              <Tag color="blue" style={{ whiteSpace: 'normal' }}>
                {p.problem_id} {p.title}
              </Tag>
            </Link>
          ))}
        </Space>
      )}
      {job.warnings.length > 0 && (
        <List
          style={{ marginTop: 12 }}
          size="small"
          bordered
          header={<Typography.Text strong>未能完全映射的内容（{job.warnings.length} 条）</Typography.Text>}
          dataSource={job.warnings}
          pagination={
            job.warnings.length > 20 ? { pageSize: 20, size: 'small', showSizeChanger: false } : false
          }
          renderItem={(w) => (
            <List.Item style={{ wordBreak: 'break-word' }} data-testid="import-warning">
              {w}
            </List.Item>
          )}
        />
      )}
    </>
  );
}
