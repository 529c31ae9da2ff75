import { useState } from 'react';
import Button from '../../../components/plain/Button';
import Empty from '../../../components/plain/Empty';
import { Tag } from '../../../components/plain/Tag';
import { LockOutlined, TrophyOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import type { CompetitionInfo } from '../../../lib/contract';
import { useCompetitionList } from '../../../api/competitions';
import ContestCountdown from '../shared/ContestCountdown';
import JoinButton from '../shared/JoinButton';
import { formatDateTime, formatLength } from '../../../lib/contestTime';
import OwnerName from '../../../components/contest/OwnerName';
import '../shared/competition.css';
import CreateContestChoice from './CreateContestChoice';
import { useNarrow } from '../../../lib/useNarrow';
import { pinColumns } from '../../../lib/pinColumns';
import DataTable, { type DataColumn } from '../../../components/DataTable';
import Panel from '../../../components/Panel';
import Tip from '../../../layout/Tip';

const TYPE_NAMES: Record<number, string> = { 1: '程序设计', 2: '数学', 3: '408' };
const STATE_ORDER = { running: 0, upcoming: 1, ended: 2 } as const;
const STATE_TITLES = { running: '进行中', upcoming: '即将开始', ended: '已结束' } as const;

/** /competition: the contests grouped as running, upcoming and ended, with join / cancel and the create entry. */
export default function CompetitionListPage() {
  const [page, setPage] = useState(1);
  const navigate = useNavigate();
  const { data, isLoading, isError } = useCompetitionList(page);
  // A phone keeps the contest and its state in view; start, length, people and 报名 scroll.
  const narrow = useNarrow();
  const rows = [...(data?.records ?? [])].sort((a, b) => STATE_ORDER[a.state] - STATE_ORDER[b.state]);

  const columns: DataColumn<CompetitionInfo>[] = [
    {
      title: '比赛',
      key: 'name',
      render: (_: unknown, c: CompetitionInfo) => (
        <div className="oj-contest-cell">
          <div className="oj-contest-cell-title">
            <Link to={`/competition/${c.competition_id}`} data-testid={`contest-link-${c.competition_id}`}>
              {c.name}
            </Link>
            {c.has_password && (
              <Tip title="需要密码报名">
                <LockOutlined aria-label="需要密码报名" />
              </Tip>
            )}
            <Tag>{TYPE_NAMES[c.type] ?? '比赛'}</Tag>
            {c.rated ? <Tag color="gold">计分赛</Tag> : <Tag>不计分</Tag>}
            {c.class_contest && (
              <Tag color="purple" data-testid={`contest-class-tag-${c.competition_id}`}>
                班级比赛
              </Tag>
            )}
          </div>
          <span className="oj-secondary-small">
            创建者 <OwnerName contest={c} /> · {c.problem_count} 题
          </span>
        </div>
      ),
    },
    {
      title: '状态',
      key: 'state',
      width: 220,
      render: (_: unknown, c: CompetitionInfo) => <ContestCountdown start={c.start_time} end={c.end_time} />,
    },
    { title: '开始时间', dataIndex: 'start_time', width: 150, render: formatDateTime },
    {
      title: '时长',
      key: 'length',
      width: 130,
      render: (_: unknown, c: CompetitionInfo) => formatLength(c.start_time, c.end_time),
    },
    { title: '参赛人数', dataIndex: 'participants', width: 90 },
    {
      title: '操作',
      key: 'action',
      width: 110,
      render: (_: unknown, c: CompetitionInfo) => <JoinButton contest={c} size="small" joinedTag />,
    },
  ];

  return (
    <div className="oj-contest-page" data-testid="competition-list">
      <Panel
        title={
          <>
            <TrophyOutlined />
            比赛列表
          </>
        }
        extra={
          <>
            <Button onClick={() => navigate('/competition/rank')}>Rating 排行榜</Button>
            <CreateContestChoice />
          </>
        }
      >
        <DataTable<CompetitionInfo>
          rowKey="competition_id"
          loading={isLoading}
          rows={rows}
          columns={pinColumns(columns, ['name', 'state'], narrow, { name: 130, state: 150 })}
          // A fixed width (not max-content), so the pinned columns keep theirs and their text wraps.
          minWidth={narrow ? 760 : undefined}
          empty={<Empty description={isError ? '比赛列表暂时无法加载' : '还没有比赛'} />}
          pagination={{
            current: page,
            pageSize: data?.pageSize ?? 10,
            total: data?.total ?? 0,
            onChange: setPage,
            unit: '场',
          }}
          rowClassName={(c) => `oj-contest-row-${c.state}`}
          caption={(['running', 'upcoming', 'ended'] as const).map((s) => (
            <Tag key={s} color={s === 'running' ? 'green' : s === 'upcoming' ? 'blue' : 'default'}>
              {STATE_TITLES[s]} {rows.filter((r) => r.state === s).length}
            </Tag>
          ))}
        />
      </Panel>
    </div>
  );
}
