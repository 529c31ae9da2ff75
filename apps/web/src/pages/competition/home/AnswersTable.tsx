import { Table } from 'antd';
import { Typography } from '../../../components/plain/Typography';
import { Tag } from '../../../components/plain/Tag';
import { Link } from 'react-router';
import type { Math408Record } from '../../../lib/contract';
import { useContestAnswers } from '../../../api/competitions';
import VerdictTag from '../../../components/VerdictTag';
import { contestProblemPath } from '../shared/paths';

/** Short answers can be long: the table shows their start, the full text on hover. */
const SUMMARY_CHARS = 40;

/** What was answered, in a line: the chosen keys, the start of the text, or the program's language. */
function AnswerSummary({ r, competitionId }: { r: Math408Record; competitionId: number }) {
  if (r.type === 'programming')
    return (
      <span>
        {r.answer}
        {r.submission_id !== null && (
          // The contest's record page shows the judged program like any contest submission.
          <>
            {' · '}
            <Link to={`/competition/${competitionId}/records/${r.submission_id}`}>
              评测记录 #{r.submission_id}
            </Link>
          </>
        )}
      </span>
    );
  if (r.type === 'short')
    return (
      <Typography.Text ellipsis={{ tooltip: r.answer }} style={{ maxWidth: 280 }}>
        {r.answer.length > SUMMARY_CHARS ? `${r.answer.slice(0, SUMMARY_CHARS)}…` : r.answer}
      </Typography.Text>
    );
  return <span>选 {r.answer}</span>;
}

/** The result in words for choices and short answers, as a verdict for programs. */
function AnswerResult({ r }: { r: Math408Record }) {
  if (r.status === 'correct') return <Tag color="success">正确</Tag>;
  if (r.status === 'wrong') return <Tag color="error">错误</Tag>;
  // Short answers are not graded (docs/competitions.md): answered, neither right nor wrong.
  if (r.status === 'submitted') return <Tag color="processing">已作答（不判分）</Tag>;
  return <VerdictTag status={r.status} />;
}

interface Props {
  competitionId: number;
  names: Map<number, string>;
  page: number;
  onPage: (p: number) => void;
}

/** 我的提交 of a math / 408 contest: the caller's answers given in it, newest first. */
export default function AnswersTable({ competitionId, names, page, onPage }: Props) {
  const { data, isFetching } = useContestAnswers(competitionId, page, true);
  return (
    <Table<Math408Record>
      rowKey="record_id"
      size="small"
      loading={isFetching && !data}
      dataSource={data?.records ?? []}
      data-testid="contest-answers"
      locale={{ emptyText: '还没有作答' }}
      pagination={{
        current: page,
        pageSize: data?.pageSize ?? 10,
        total: data?.total ?? 0,
        showSizeChanger: false,
        onChange: onPage,
      }}
      columns={[
        { title: '编号', dataIndex: 'record_id', render: (id: number) => `#${id}` },
        {
          title: '题目',
          key: 'question',
          render: (_: unknown, r: Math408Record) =>
            r.index !== null ? (
              <Link to={contestProblemPath(competitionId, r.index)}>
                {names.get(r.index) ?? r.index} · {r.title}
              </Link>
            ) : (
              r.title
            ),
        },
        {
          title: '作答',
          key: 'answer',
          render: (_: unknown, r: Math408Record) => <AnswerSummary r={r} competitionId={competitionId} />,
        },
        { title: '结果', key: 'result', render: (_: unknown, r: Math408Record) => <AnswerResult r={r} /> },
        {
          title: '提交时间',
          dataIndex: 'create_time',
          render: (t: string) => new Date(t).toLocaleString('zh-CN'),
        },
      ]}
    />
  );
}
