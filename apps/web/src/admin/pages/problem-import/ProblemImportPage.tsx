import { useState } from 'react';
import { Alert, Button, Card, List, Progress, Space, Tag, Typography, Upload } from 'antd';
import { ArrowLeftOutlined, InboxOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import type { ImportFormat, ImportResult } from '../../../lib/contract';
import { importProblems } from '../../../api/problem-transfer';

const FORMAT_NAMES: Record<ImportFormat, string> = {
  hydro: 'HydroOJ 题目包',
  fps: 'FPS XML（HUSTOJ / QDUOJ）',
  qduoj: 'QDUOJ 导出包',
  polygon: 'Polygon 题目包',
};
const MAX_MIB = 64;

type Phase =
  | { kind: 'idle' }
  | { kind: 'uploading'; percent: number }
  | { kind: 'processing' }
  | { kind: 'error'; message: string };

/** 导入题目: one file (zip or FPS XML), upload progress, then the new hidden problems and the warnings. */
export default function ProblemImportPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [result, setResult] = useState<ImportResult | null>(null);
  const busy = phase.kind === 'uploading' || phase.kind === 'processing';

  const start = async () => {
    if (!file) return;
    setResult(null);
    setPhase({ kind: 'uploading', percent: 0 });
    try {
      const r = await importProblems(file, (percent) =>
        setPhase(percent >= 100 ? { kind: 'processing' } : { kind: 'uploading', percent }),
      );
      setResult(r);
      setFile(null);
      setPhase({ kind: 'idle' });
      await queryClient.invalidateQueries({ queryKey: ['admin', 'problems'] });
    } catch (e) {
      setPhase({ kind: 'error', message: (e as Error).message });
    }
  };

  return (
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
        {`支持 HydroOJ 题目包（zip）、FPS XML（HUSTOJ / QDUOJ 导出）、QDUOJ 导出包（zip）与 Polygon 题目包（zip），格式由文件内容自动识别；一个文件可包含多道题目。导入的题目默认隐藏，核对后在编辑页公开。文件不超过 ${MAX_MIB} MiB。`}
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
          <div data-testid="import-progress">
            <Progress percent={phase.percent} status="active" />
            <Typography.Text type="secondary">正在上传…</Typography.Text>
          </div>
        )}
        {phase.kind === 'processing' && (
          <div data-testid="import-progress">
            <Progress percent={100} status="active" />
            <Typography.Text type="secondary">上传完成，服务器正在解析与保存题目…</Typography.Text>
          </div>
        )}
        {phase.kind === 'error' && (
          <Alert type="error" showIcon message="导入失败" description={phase.message} />
        )}
        {result && <ImportSummary result={result} />}
      </Space>
    </Card>
  );
}

function ImportSummary({ result }: { result: ImportResult }) {
  return (
    <div data-testid="import-result">
      <Alert
        type={result.imported.length ? 'success' : 'warning'}
        showIcon
        message={
          result.imported.length
            ? `已从${FORMAT_NAMES[result.format]}导入 ${result.imported.length} 道题目（隐藏）`
            : `${FORMAT_NAMES[result.format]}中没有导入任何题目`
        }
        description={
          result.imported.length > 0 && (
            <Space wrap size={[4, 4]}>
              {result.imported.map((id) => (
                <Link key={id} to={`/problems/${id}/edit`}>
                  <Tag color="blue">{id}</Tag>
                </Link>
              ))}
            </Space>
          )
        }
      />
      {result.warnings.length > 0 && (
        <List
          style={{ marginTop: 12 }}
          size="small"
          bordered
          header={<Typography.Text strong>未能完全映射的内容（{result.warnings.length} 条）</Typography.Text>}
          dataSource={result.warnings}
          renderItem={(w) => (
            <List.Item style={{ wordBreak: 'break-word' }} data-testid="import-warning">
              {w}
            </List.Item>
          )}
        />
      )}
    </div>
  );
}
