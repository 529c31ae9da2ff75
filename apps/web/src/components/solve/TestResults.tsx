import DataTable, { type DataColumn } from '../DataTable';
import { Typography } from '../plain/Typography';
import { Tag } from '../plain/Tag';
import type { ReactNode } from 'react';
import type { TestResultView } from '../../lib/contract';
import VerdictTag from '../VerdictTag';
import { formatMemory, formatTime } from '../verdicts';
import { testScoreText } from './score';

/**
 * Per-test results of a record (the record page and the live result). What a test shows follows
 * the problem's 测试点详情 setting, decided by the server: a test whose details are not public shows
 * verdict, time and memory, and says so; one with details opens to its input, expected output and
 * the checker's full message.
 */
const columns: DataColumn<TestResultView>[] = [
  {
    title: '测试点',
    dataIndex: 'index',
    width: 96,
    render: (index: number, t: TestResultView) => (
      <span style={{ whiteSpace: 'nowrap' }}>
        {index}
        {t.sample && (
          <Tag color="blue" style={{ marginInlineStart: 6 }} data-testid="sample-test">
            样例
          </Tag>
        )}
      </span>
    ),
  },
  { title: '结果', dataIndex: 'status', render: (s: string) => <VerdictTag status={s} full /> },
  { title: '用时', dataIndex: 'time_used', render: formatTime },
  { title: '内存', dataIndex: 'memory_used', render: formatMemory },
];
const columnsAfter: DataColumn<TestResultView>[] = [
  {
    title: '说明',
    dataIndex: 'message',
    ellipsis: true,
    render: (message: string, t: TestResultView) =>
      t.detail ? (
        message
      ) : (
        <Typography.Text type="secondary" data-testid="test-detail-hidden">
          详情不公开
        </Typography.Text>
      ),
  },
];

/** Scored problems: what each test earned (部分正确 60% · 6 分). */
const scoreColumn: DataColumn<TestResultView> = {
  title: '得分',
  dataIndex: 'score',
  render: (_: unknown, t: TestResultView) => (
    <span style={{ whiteSpace: 'nowrap' }} data-testid="test-score">
      {testScoreText(t)}
    </span>
  ),
};

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Typography.Text type="secondary">{title}</Typography.Text>
      <pre className="oj-pre">{children}</pre>
    </div>
  );
}

/** Under a row: the test's input and expected output (their start) and the checker's whole message. */
function TestDetail({ t }: { t: TestResultView }) {
  return (
    <div className="oj-test-detail" data-testid="test-detail">
      {t.input !== null && <Block title="输入">{t.input}</Block>}
      {t.expected !== null && <Block title="期望输出">{t.expected}</Block>}
      {t.message && <Block title="评测信息">{t.message}</Block>}
      {t.truncated && <Typography.Text type="secondary">数据较长，只显示开头部分</Typography.Text>}
    </div>
  );
}

export default function TestResults({
  results,
  emptyText,
  testId,
}: {
  results: TestResultView[];
  emptyText?: string;
  testId?: string;
}) {
  const scored = results.some((t) => t.score);
  return (
    <DataTable<TestResultView>
      rowKey="index"
      size="small"
      rows={results}
      columns={scored ? [...columns, scoreColumn, ...columnsAfter] : [...columns, ...columnsAfter]}
      // The score column makes the table wider than a phone: it scrolls in its own box.
      minWidth={scored ? 640 : undefined}
      expandable={{
        rowExpandable: (t) => t.detail && (t.input !== null || t.expected !== null),
        render: (t) => <TestDetail t={t} />,
      }}
      empty={emptyText}
      data-testid={testId}
    />
  );
}
