import { Table, Typography } from 'antd';
import VerdictTag from '../../../components/VerdictTag';
import { formatMemory } from '../../../components/verdicts';
import type { JurySolution, JuryTestResult } from '../../../lib/contract';

/** One solution's latest run in detail: the compiler's and the judge's messages, each test's result. */
export default function TestRuns({ solution }: { solution: JurySolution }) {
  const { run } = solution;
  return (
    <div className="verify-runs">
      {run.compile_message && <pre className="verify-source">{run.compile_message}</pre>}
      {run.message && <Typography.Paragraph type="danger">{run.message}</Typography.Paragraph>}
      <Table<JuryTestResult>
        rowKey="index"
        size="small"
        scroll={{ x: 'max-content' }}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        dataSource={run.tests}
        locale={{ emptyText: run.status === 'PD' ? '评测中…' : '没有测试点结果' }}
        columns={[
          { title: '测试点', dataIndex: 'index' },
          { title: '结果', dataIndex: 'status', render: (v: string) => <VerdictTag status={v} /> },
          { title: '用时', dataIndex: 'time_ms', render: (v: number) => `${v} ms` },
          { title: '内存', dataIndex: 'memory_kib', render: formatMemory },
          { title: '信息', dataIndex: 'message' },
        ]}
      />
    </div>
  );
}
