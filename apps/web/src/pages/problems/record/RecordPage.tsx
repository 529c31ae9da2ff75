import { useEffect, useState } from 'react';
import { Alert, Button, Card, Descriptions, Result, Skeleton, Table, Typography } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import type { SubmissionRecord, TestResultView } from '../../../lib/contract';
import { useRecord, watchSubmission } from '../../../api/problems';
import { CodeView } from '../../../components/MarkdownView';
import { formatMemory, formatTime, verdictStyle } from '../../../components/verdicts';
import { testColumns } from '../algorithm/LiveResult';
import '../problems.css';

/** /problems/{problem_id}/records/{submission_id}: one record, updated live while it is still judged. */
export default function RecordPage() {
  const { submissionId, problemId } = useParams();
  const id = Number(submissionId);
  const navigate = useNavigate();
  const query = useRecord(Number.isInteger(id) ? id : 0);
  const [live, setLive] = useState<SubmissionRecord | null>(null);
  const record = live ?? query.data;

  // A pending record (or one being rejudged) follows the stream until its verdict arrives.
  // (`refetch` is stable; the query object itself is new on every render.)
  const pending = query.data?.status === 'PD';
  const { refetch } = query;
  useEffect(() => {
    if (!pending) return;
    return watchSubmission(
      id,
      (e) => e.kind === 'done' && setLive(e.record),
      () => void refetch(),
    );
  }, [pending, id, refetch]);

  if (query.isError || !Number.isInteger(id))
    return (
      <div className="oj-container-narrow oj-panel">
        <Result
          status="404"
          title="提交记录不存在"
          extra={<Button onClick={() => navigate('/problems')}>返回题库</Button>}
        />
      </div>
    );
  if (!record)
    return (
      <div className="oj-record oj-panel">
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );

  const v = verdictStyle(record.status);
  return (
    <div className="oj-record" data-testid="record-page">
      <Card>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          提交记录 #{record.submission_id}
        </Typography.Title>
        <div
          className="oj-verdict-big"
          style={{ color: v.color, marginBottom: 12 }}
          data-testid="record-verdict"
          data-verdict={record.status}
        >
          {record.status} · {v.name}（{v.short}）
        </div>
        <Descriptions bordered size="small" column={3}>
          <Descriptions.Item label="题目">
            <Link to={`/problems/algorithm/${record.problem_id || problemId}`}>
              {record.problem_id}. {record.problem_name}
            </Link>
          </Descriptions.Item>
          <Descriptions.Item label="提交者">
            <Link to={`/user/space/${record.uuid}`}>{record.username}</Link>
          </Descriptions.Item>
          <Descriptions.Item label="语言">{record.language}</Descriptions.Item>
          <Descriptions.Item label="用时">{formatTime(record.time_used)}</Descriptions.Item>
          <Descriptions.Item label="内存">{formatMemory(record.memory_used)}</Descriptions.Item>
          <Descriptions.Item label="代码长度">{record.code_length} B</Descriptions.Item>
          <Descriptions.Item label="提交时间">
            {new Date(record.create_time).toLocaleString('zh-CN')}
          </Descriptions.Item>
          <Descriptions.Item label="评测时间">
            {record.judge_time ? new Date(record.judge_time).toLocaleString('zh-CN') : '评测中'}
          </Descriptions.Item>
          <Descriptions.Item label="测试点">
            {record.test_results.filter((t) => t.status === 'AC').length} / {record.test_total} 通过
          </Descriptions.Item>
        </Descriptions>
        {record.message && <Alert type="error" style={{ marginTop: 12 }} message={record.message} />}
      </Card>
      {record.compile_message && (
        <Card title="编译信息" size="small" style={{ marginTop: 16 }}>
          <pre className="oj-pre" data-testid="compile-message">
            {record.compile_message}
          </pre>
        </Card>
      )}
      <Card title="测试点" size="small" style={{ marginTop: 16 }}>
        <Table<TestResultView>
          rowKey="index"
          size="small"
          pagination={false}
          dataSource={record.test_results}
          columns={testColumns}
          locale={{ emptyText: record.status === 'PD' ? '评测中…' : '没有测试点结果' }}
          data-testid="test-table"
        />
      </Card>
      {record.source_code !== null && (
        <Card title="源代码" size="small" style={{ marginTop: 16 }}>
          <CodeView code={record.source_code} language={record.language} />
        </Card>
      )}
    </div>
  );
}
