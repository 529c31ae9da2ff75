import { useEffect, useState } from 'react';
import { Alert, Button, Card, List, Progress, Space, Tag, Typography, Upload } from 'antd';
import { ArrowLeftOutlined, InboxOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import dayjs from 'dayjs';
import { importProblems, isImportRunning, useImportJobs, useRefreshImportJobs } from '../../../api/problem-transfer';
import { IMPORT_JOB_STATUS_LABELS, IMPORT_LIMITS as L } from '../../../lib/contract';
import ImportJobView, { STATUS_COLORS } from './ImportJobView';

const MiB = 1024 * 1024;

type Phase = { kind: 'idle' } | { kind: 'uploading'; percent: number } | { kind: 'error'; message: string };

/**
 * 导入题目: one file (zip or FPS XML) is uploaded (with its progress), then imported on the server
 * as a job that this page follows (`?job=`: a refresh keeps it), with the recent imports below.
 */
export default function ProblemImportPage() {
  const navigate = useNavigate();
  const refreshJobs = useRefreshImportJobs();
  const [params, setParams] = useSearchParams();
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  // Another admin's import (or one on another server node) moves on: its line follows.
  const recent = useImportJobs();
  const jobId = Number(params.get('job')) || 0;
  const running = recent.data?.find((j) => isImportRunning(j.status))?.job_id;
  // No job in the address: one still running (started elsewhere, or before the page was left) is shown.
  useEffect(() => {
    if (!jobId && running) setParams({ job: String(running) }, { replace: true });
  }, [jobId, running, setParams]);
  const busy = phase.kind === 'uploading';

  const start = async () => {
    if (!file) return;
    setPhase({ kind: 'uploading', percent: 0 });
    try {
      const job = await importProblems(file, (percent) => setPhase({ kind: 'uploading', percent }));
      setFile(null);
      setPhase({ kind: 'idle' });
      setParams({ job: String(job.job_id) }, { replace: true });
      await refreshJobs();
    } catch (e) {
      setPhase({ kind: 'error', message: (e as Error).message });
    }
  };

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        data-testid="problem-import"
        title={
          <Space>
            <Button
              type="text"
              icon={<ArrowLeftOutlined />}
              onClick={() => navigate('/problems')}
              aria-label="返回题目管理"
            />
            导入题目
          </Space>
        }
      >
        <Typography.Paragraph type="secondary">
          支持 HydroOJ 题目包（zip）、FPS XML（HUSTOJ / QDUOJ 导出）、QDUOJ 导出包（zip）与 Polygon
          题目包（zip），格式由文件内容自动识别；一个文件可包含多道题目。导入在服务器后台进行，导入的题目默认隐藏，核对后在编辑页公开。
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary" data-testid="import-limits">
          {`文件不超过 ${L.uploadMaxBytes / MiB} MiB（解压后不超过 ${L.totalMaxBytes / MiB} MiB）；一次最多 ${L.problemsMax} 道题目，每道题最多 ${L.testsMax} 个测试点、${L.samplesMax} 组样例、${L.tagsMax} 个标签、${L.imagesMax} 张图片（每张不超过 ${L.imageMaxBytes / MiB} MiB），题面等文本每个不超过 ${L.documentMaxBytes / MiB} MiB。超出任何一项的文件整个不导入，并说明是哪一项。`}
        </Typography.Paragraph>
        <Upload.Dragger
          accept=".zip,.xml"
          maxCount={1}
          disabled={busy}
          beforeUpload={(f) => {
            setFile(f);
            setPhase({ kind: 'idle' });
            return false;
          }}
          onRemove={() => setFile(null)}
          fileList={file ? [{ uid: 'file', name: file.name, status: 'done', size: file.size }] : []}
          data-testid="import-file"
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">点击或拖拽文件到此处</p>
          <p className="ant-upload-hint">zip 题目包或 .xml（FPS）文件</p>
        </Upload.Dragger>
        <Space direction="vertical" style={{ width: '100%', marginTop: 16 }}>
          <Button
            type="primary"
            disabled={!file || busy}
            loading={busy}
            onClick={() => void start()}
            data-testid="import-start"
          >
            开始导入
          </Button>
          {phase.kind === 'uploading' && (
            <div data-testid="import-upload">
              <Progress percent={phase.percent} status="active" />
              <Typography.Text type="secondary">正在上传…</Typography.Text>
            </div>
          )}
          {phase.kind === 'error' && (
            <Alert type="error" showIcon message="无法开始导入" description={phase.message} />
          )}
          {jobId > 0 && (
            <div style={{ marginTop: 8, paddingTop: 16, borderTop: '1px solid rgba(5,5,5,0.06)' }}>
              <ImportJobView key={jobId} jobId={jobId} />
            </div>
          )}
        </Space>
      </Card>
      <Card title="最近的导入" size="small" data-testid="import-recent">
        <List
          size="small"
          loading={recent.isLoading}
          locale={{ emptyText: '还没有导入过题目' }}
          dataSource={recent.data ?? []}
          renderItem={(j) => (
            <List.Item
              style={{
                cursor: 'pointer',
                background: j.job_id === jobId ? 'rgba(22,119,255,0.06)' : undefined,
              }}
              onClick={() => setParams({ job: String(j.job_id) })}
            >
              <Space wrap size={[8, 2]} style={{ minWidth: 0 }}>
                <Tag color={STATUS_COLORS[j.status]}>{IMPORT_JOB_STATUS_LABELS[j.status]}</Tag>
                <Typography.Text style={{ wordBreak: 'break-all' }}>{j.file_name}</Typography.Text>
                <Typography.Text type="secondary">
                  {dayjs(j.create_time).format('MM-DD HH:mm')} · 导入 {j.imported_count}
                  {j.total ? ` / ${j.total}` : ''} 道
                </Typography.Text>
              </Space>
            </List.Item>
          )}
        />
      </Card>
    </Space>
  );
}
