import { useState } from 'react';
import { Table, Tag } from 'antd';
import { Link } from 'react-router';
import type { RecordRow } from '../../../lib/contract';
import { useContestRecords } from '../../../api/competitions';
import VerdictTag from '../../../components/VerdictTag';
import RecordScore from '../../../components/solve/RecordScore';
import { languageText } from '../../../components/solve/score';
import { formatMemory, formatTime } from '../../../components/verdicts';
import { COMPETITION_TYPES_VALUES } from '../create/types';
import AnswersTable from './AnswersTable';
import { contestProblemPath } from '../shared/paths';

interface Props {
  competitionId: number;
  /** The contest's type: math (2) and 408 (3) contests are answered, not submitted. */
  type: number;
  names: Map<number, string>;
  initialPage: number;
  onPage: (p: number) => void;
}

/** 我的提交: the caller's submissions of this contest, or their answers in a math / 408 contest. */
export default function RecordsTab({ competitionId, type, names, initialPage, onPage }: Props) {
  const [page, setPage] = useState(initialPage);
  const answered = type !== COMPETITION_TYPES_VALUES.programming;
  const { data, isFetching } = useContestRecords(competitionId, page, !answered);
  const turn = (p: number) => {
    setPage(p);
    onPage(p);
  };
  if (answered) return <AnswersTable competitionId={competitionId} names={names} page={page} onPage={turn} />;
  return (
    <Table<RecordRow>
      rowKey="submission_id"
      size="small"
      loading={isFetching}
      dataSource={data?.records ?? []}
      data-testid="contest-records"
      locale={{ emptyText: '还没有提交' }}
      pagination={{
        current: page,
        pageSize: data?.pageSize ?? 10,
        total: data?.total ?? 0,
        showSizeChanger: false,
        onChange: turn,
      }}
      columns={[
        {
          title: '编号',
          dataIndex: 'submission_id',
          render: (id: number) => <Link to={`/competition/${competitionId}/records/${id}`}>#{id}</Link>,
        },
        {
          title: '题目',
          key: 'problem',
          render: (_: unknown, r: RecordRow) =>
            r.index !== null ? (
              <Link to={contestProblemPath(competitionId, r.index)}>
                {names.get(r.index) ?? r.index} · {r.problem_name}
              </Link>
            ) : (
              r.problem_name
            ),
        },
        {
          title: '结果',
          dataIndex: 'status',
          // Your own try hidden (a running OI contest): only that it was submitted.
          render: (s: string, r: RecordRow) =>
            r.frozen ? (
              <Tag data-testid="record-submitted">已提交</Tag>
            ) : (
              <span style={{ whiteSpace: 'nowrap' }}>
                <VerdictTag status={s} /> <RecordScore row={r} />
              </span>
            ),
        },
        { title: '语言', dataIndex: 'language', render: (l: RecordRow['language']) => languageText(l, null) },
        {
          title: '用时',
          dataIndex: 'time_used',
          render: (t: number, r: RecordRow) => (r.frozen ? '—' : formatTime(t)),
        },
        {
          title: '内存',
          dataIndex: 'memory_used',
          render: (m: number, r: RecordRow) => (r.frozen ? '—' : formatMemory(m)),
        },
        {
          title: '提交时间',
          dataIndex: 'create_time',
          render: (t: string) => new Date(t).toLocaleString('zh-CN'),
        },
      ]}
    />
  );
}
