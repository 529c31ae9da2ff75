import { useState } from 'react';
import { Segmented, Table } from 'antd';
import { Tag } from '../../../components/plain/Tag';
import { Link } from 'react-router';
import type { ContestRecordFilter, RecordRow } from '../../../lib/contract';
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
  const [mode, setMode] = useState<ContestRecordFilter>('all');
  const answered = type !== COMPETITION_TYPES_VALUES.programming;
  const { data, isFetching } = useContestRecords(competitionId, page, !answered, mode);
  const turn = (p: number) => {
    setPage(p);
    onPage(p);
  };
  if (answered) return <AnswersTable competitionId={competitionId} names={names} page={page} onPage={turn} />;
  return (
    <>
      {/* Issue 26 part 2: tries after the end (练习) and of a virtual run (虚拟) apart from the contest's. */}
      <Segmented<ContestRecordFilter>
        style={{ marginBottom: 8 }}
        value={mode}
        onChange={(m) => {
          setMode(m);
          turn(1);
        }}
        options={MODE_OPTIONS}
        data-testid="records-mode"
      />
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
            render: (id: number, r: RecordRow) => (
              <span style={{ whiteSpace: 'nowrap' }}>
                <Link to={`/competition/${competitionId}/records/${id}`}>#{id}</Link>
                {r.contest_mode ? <ModeTag mode={r.contest_mode} /> : null}
              </span>
            ),
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
          {
            title: '语言',
            dataIndex: 'language',
            render: (l: RecordRow['language']) => languageText(l, null),
          },
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
    </>
  );
}

const MODE_OPTIONS: { label: string; value: ContestRecordFilter }[] = [
  { label: '全部', value: 'all' },
  { label: '比赛', value: 'contest' },
  { label: '练习', value: 'practice' },
  { label: '虚拟', value: 'virtual' },
];

/** 练习: after the end, never ranked; 虚拟: in the caller's virtual run, only on its own board. */
function ModeTag({ mode }: { mode: 'virtual' | 'practice' }) {
  return mode === 'virtual' ? (
    <Tag color="magenta" style={{ marginLeft: 4 }} data-testid="record-virtual">
      虚拟
    </Tag>
  ) : (
    <Tag style={{ marginLeft: 4 }} data-testid="record-practice">
      练习
    </Tag>
  );
}
