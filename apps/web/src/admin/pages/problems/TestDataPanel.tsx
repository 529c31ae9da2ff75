import { useState } from 'react';
import { Alert, Button, Card, Drawer, Input, Space, Table, Tag, Typography, Upload } from 'antd';
import {
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  PlusOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import type { TestCaseView } from '../../../lib/contract';
import {
  downloadTestZip,
  setTestCases,
  uploadTestZip,
  useRefreshTestCases,
  useTestCases,
} from '../../../api/problems';
import { formatBytes } from '../../../components/verdicts';
import { notify } from '../../../lib/notify';

type Pair = { input: string; output: string };

/** Test data of one problem: zip upload (N.in / N.out), zip download, the list with previews, list editing. */
export default function TestDataPanel({ problemId }: { problemId: number }) {
  const refreshTests = useRefreshTestCases();
  const { data: tests = [], isFetching } = useTestCases(problemId);
  const [uploading, setUploading] = useState(false);
  const [editing, setEditing] = useState<Pair[] | null>(null);
  const [saving, setSaving] = useState(false);
  const truncated = tests.some((t) => t.input_truncated || t.output_truncated);
  const refresh = () => refreshTests(problemId);

  const upload = async (file: File) => {
    setUploading(true);
    try {
      const r = await uploadTestZip(problemId, file);
      notify.success(`已上传 ${r.test_case_num} 组测试数据（共 ${formatBytes(r.total_size)}）`);
      await refresh();
    } catch {
      // toast shown
    } finally {
      setUploading(false);
    }
  };
  const download = async () => {
    try {
      const blob = await downloadTestZip(problemId);
      const a = document.createElement('a');
      a.href = URL.createObjectURL(blob);
      a.download = `problem-${problemId}-tests.zip`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
    } catch (e) {
      notify.error((e as Error).message);
    }
  };
  const save = async () => {
    if (!editing) return;
    setSaving(true);
    try {
      const r = await setTestCases(problemId, editing);
      notify.success(`测试数据已保存：${r.test_case_num} 组`);
      setEditing(null);
      await refresh();
    } catch {
      // toast shown
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card
      title={`测试数据（${tests.length} 组，共 ${formatBytes(tests.reduce((s, t) => s + t.input_size + t.output_size, 0))}）`}
      data-testid="test-data"
      extra={
        <Space>
          <Upload
            accept=".zip,application/zip"
            showUploadList={false}
            beforeUpload={(f) => (void upload(f), false)}
          >
            <Button icon={<UploadOutlined />} loading={uploading} data-testid="upload-zip">
              上传 zip
            </Button>
          </Upload>
          <Button icon={<DownloadOutlined />} onClick={() => void download()} disabled={!tests.length}>
            下载 zip
          </Button>
          <Button
            icon={<EditOutlined />}
            disabled={truncated}
            title={truncated ? '有测试数据过长，只能通过 zip 修改' : undefined}
            onClick={() =>
              setEditing(
                tests.length
                  ? tests.map((t) => ({ input: t.input, output: t.output }))
                  : [{ input: '', output: '' }],
              )
            }
          >
            按列表编辑
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">
        zip 内为成对的 1.in / 1.out、2.in / 2.out …；上传会替换全部测试数据。
      </Typography.Paragraph>
      <Table<TestCaseView>
        rowKey="index"
        size="small"
        loading={isFetching}
        dataSource={tests}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: '还没有测试数据' }}
        expandable={{
          expandedRowRender: (t) => (
            <div className="oj-sample-pair">
              <div className="oj-sample">
                <div className="oj-sample-head">输入 {t.input_truncated && <Tag>仅显示开头</Tag>}</div>
                <pre>{t.input}</pre>
              </div>
              <div className="oj-sample">
                <div className="oj-sample-head">输出 {t.output_truncated && <Tag>仅显示开头</Tag>}</div>
                <pre>{t.output}</pre>
              </div>
            </div>
          ),
        }}
        columns={[
          { title: '编号', dataIndex: 'index', width: 80 },
          { title: '输入大小', dataIndex: 'input_size', render: formatBytes },
          { title: '输出大小', dataIndex: 'output_size', render: formatBytes },
          {
            title: '输入预览',
            dataIndex: 'input',
            ellipsis: true,
            render: (s: string) => <code>{s.slice(0, 60)}</code>,
          },
          {
            title: 'sha256',
            dataIndex: 'input_sha256',
            ellipsis: true,
            render: (s: string) => <code>{s.slice(0, 12)}</code>,
          },
        ]}
      />
      <Drawer
        title="按列表编辑测试数据"
        width={760}
        open={editing !== null}
        onClose={() => setEditing(null)}
        extra={
          <Button type="primary" loading={saving} onClick={() => void save()}>
            保存（替换全部）
          </Button>
        }
      >
        {editing?.map((p, i) => (
          <Card
            key={i}
            size="small"
            title={`第 ${i + 1} 组`}
            style={{ marginBottom: 12 }}
            extra={
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                disabled={editing.length <= 1}
                onClick={() => setEditing(editing.filter((_, j) => j !== i))}
              />
            }
          >
            <div className="oj-sample-pair">
              {(['input', 'output'] as const).map((field) => (
                <Input.TextArea
                  key={field}
                  rows={4}
                  className="oj-mono"
                  placeholder={field === 'input' ? '输入' : '输出'}
                  value={p[field]}
                  onChange={(e) =>
                    setEditing(editing.map((q, j) => (j === i ? { ...q, [field]: e.target.value } : q)))
                  }
                />
              ))}
            </div>
          </Card>
        ))}
        <Button
          block
          icon={<PlusOutlined />}
          onClick={() => setEditing([...(editing ?? []), { input: '', output: '' }])}
        >
          添加一组
        </Button>
        <Alert style={{ marginTop: 12 }} type="info" message="保存后会替换这道题的全部测试数据。" />
      </Drawer>
    </Card>
  );
}
