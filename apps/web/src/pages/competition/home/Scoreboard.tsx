import type { ColumnType } from 'antd/es/table';
import { useEffect, useRef, useState } from 'react';
import { Alert, Popover, Space, Table, Tooltip } from 'antd';
import { Typography } from '../../../components/plain/Typography';
import Switch from '../../../components/plain/Switch';
import { Tag } from '../../../components/plain/Tag';
import type { RankCell, RankRow } from '../../../lib/contract';
import { Role } from '../../../lib/contract';
import {
  useCompetition,
  useContestRank,
  useRefreshCompetition,
  useRefreshContestProblems,
  useRefreshContestRank,
  watchRank,
} from '../../../api/competitions';
import { usePhase } from '../shared/usePhase';
import { useNarrow } from '../../../lib/useNarrow';
import { pinColumns } from '../../../lib/pinColumns';
import RatingName from '../../../components/rating/RatingName';
import MedalRank, { medalRowClass } from './MedalRank';
import { useUserStore } from '../../../stores/user';

/** One problem cell: accepted (first to solve highlighted), rejected tries, pending judging. */
export function ScoreCell({ cell }: { cell: RankCell }) {
  if (cell.state === 'none') return null;
  const tries = cell.rejected > 0 ? `${cell.rejected} 次错误` : '';
  const tip =
    cell.state === 'first'
      ? `一血 · 第 ${cell.minute} 分钟通过${tries ? ` · ${tries}` : ''}`
      : cell.state === 'accepted'
        ? `第 ${cell.minute} 分钟通过${tries ? ` · ${tries}` : ''}`
        : cell.state === 'pending'
          ? `${cell.pending} 次提交待定${tries ? ` · 此前 ${tries}` : ''}`
          : tries;
  return (
    <Tooltip title={tip}>
      <div className={`oj-sb-cell oj-sb-${cell.state}`} data-state={cell.state}>
        <b>{cell.label}</b>
        {cell.minute !== null && (cell.state === 'accepted' || cell.state === 'first') && (
          <div>{cell.minute}</div>
        )}
        {cell.state === 'pending' && <div>待定</div>}
      </div>
    </Tooltip>
  );
}

/** How a scored cell (OI / IOI rules) is coloured: all points, some, none, or still judging. */
export function scoreStateOf(cell: RankCell): 'full' | 'partial' | 'zero' | 'pending' | 'none' {
  if (cell.full_score === null || cell.full_score === undefined) return cell.pending ? 'pending' : 'none';
  const score = cell.score ?? 0;
  if (score >= cell.full_score) return 'full';
  return score > 0 ? 'partial' : 'zero';
}

/** One problem cell under a scored rule: its points, the minute they were reached. */
export function PointsCell({ cell }: { cell: RankCell }) {
  const state = scoreStateOf(cell);
  if (state === 'none') return null;
  const tip =
    state === 'pending'
      ? `${cell.pending} 次提交待定`
      : `${cell.score} / ${cell.full_score} 分${cell.minute !== null ? ` · 第 ${cell.minute} 分钟达到` : ''}${cell.pending ? ` · ${cell.pending} 次提交待定` : ''}`;
  return (
    <Tooltip title={tip}>
      <div className={`oj-sb-cell oj-sb-${state}`} data-state={state} data-score={cell.score ?? ''}>
        <b>{state === 'pending' ? '?' : cell.score}</b>
        {state === 'pending' ? <div>待定</div> : cell.minute !== null && <div>{cell.minute}</div>}
      </div>
    </Tooltip>
  );
}

/** The live scoreboard in the contest's rule: refetched whenever the stream announces a new board version. */
export default function Scoreboard({
  competitionId,
  initialPage,
  onPage,
}: {
  competitionId: number;
  initialPage: number;
  onPage: (p: number) => void;
}) {
  const isAdmin = useUserStore((s) => s.user.role === Role.Admin);
  const me = useUserStore((s) => s.user.uuid);
  const [page, setPage] = useState(initialPage);
  const [truth, setTruth] = useState(false);
  const status: 0 | 1 = truth ? 1 : 0;
  const { data, isLoading, isError } = useContestRank(competitionId, page, status);
  const refreshRank = useRefreshContestRank();
  const refreshProblems = useRefreshContestProblems();
  const refreshContest = useRefreshCompetition();
  const versionRef = useRef(-1);
  versionRef.current = data?.version ?? versionRef.current;
  const [live, setLive] = useState(false);
  const contest = useCompetition(competitionId).data;
  const phase = usePhase(contest?.start_time, contest?.end_time);
  const narrow = useNarrow();

  useEffect(() => {
    const stop = watchRank(competitionId, (version) => {
      setLive(true);
      if (version !== versionRef.current) {
        void refreshRank(competitionId);
        void refreshProblems(competitionId);
      }
    });
    return stop;
  }, [competitionId, refreshRank, refreshProblems]);

  // Frozen or unfrozen by an admin: the header's 封榜中 tag comes from the contest, reload it.
  const frozenRef = useRef<boolean | null>(null);
  useEffect(() => {
    if (!data || status !== 0) return;
    if (frozenRef.current !== null && frozenRef.current !== data.frozen) void refreshContest(competitionId);
    frozenRef.current = data.frozen;
  }, [data, status, competitionId, refreshContest]);

  // An OI board is hidden until the end, and its stream stays quiet: load it when the end comes.
  const hidden = data?.hidden ?? false;
  useEffect(() => {
    if (phase === 'ended' && hidden) void refreshRank(competitionId);
  }, [phase, hidden, competitionId, refreshRank]);

  // A virtual run's board is a moment of the contest that moves with the runner's clock: re-read it.
  const virtual = data?.virtual !== undefined;
  useEffect(() => {
    if (!virtual) return;
    const timer = setInterval(() => void refreshRank(competitionId), 15_000);
    return () => clearInterval(timer);
  }, [virtual, competitionId, refreshRank]);

  const changePage = (p: number) => {
    setPage(p);
    onPage(p);
  };

  // ICPC: solved and penalty, cells with tries; the scored rules (OI / IOI): total and points.
  const scored = data?.rule !== undefined && data.rule !== 'icpc';
  // Cells come in the order of `problems`.
  const problemColumns = (data?.problems ?? []).map((p, i) => ({
    title: p.display_name,
    key: `p${p.index}`,
    width: 64,
    render: (_: unknown, row: RankRow) =>
      !row.cells[i] ? null : scored ? <PointsCell cell={row.cells[i]} /> : <ScoreCell cell={row.cells[i]} />,
  }));
  const totalColumns = scored
    ? [
        {
          title: '总分',
          key: 'score',
          width: 70,
          render: (_: unknown, r: RankRow) => <b data-testid="total-score">{r.score ?? 0}</b>,
        },
      ]
    : [
        {
          title: '通过',
          dataIndex: 'solved',
          width: 60,
          render: (n: number) => <b data-testid="solved">{n}</b>,
        },
        { title: '罚时', dataIndex: 'penalty', width: 70 },
      ];

  return (
    <div className="oj-scoreboard" data-testid="scoreboard" data-version={data?.version ?? -1}>
      <Space style={{ marginBottom: 12 }} wrap>
        {/* 实时更新中 only while it runs: after the end the board is final (or waits for the unfreeze). */}
        {data?.virtual ? (
          <Tag color="magenta" data-testid="board-virtual">
            虚拟参赛 · 与真实参赛者在比赛第 {Math.floor(data.virtual.elapsed_ms / 60_000)} 分钟时的排名比较
          </Tag>
        ) : phase === 'ended' ? (
          <Tag data-testid="board-state">{data?.frozen ? '已结束 · 等待揭榜' : '已结束 · 最终排名'}</Tag>
        ) : phase === 'upcoming' ? (
          <Tag data-testid="board-state">未开始</Tag>
        ) : (
          <Tag color={live ? 'green' : 'default'} data-testid="board-state">
            {live ? '实时更新中' : '连接中…'}
          </Tag>
        )}
        {data?.frozen && <Tag color="blue">封榜中：封榜后的提交显示为待定</Tag>}
        {data?.mine && (
          <Typography.Text>
            {scored
              ? `我的排名：第 ${data.mine.rank} 名 · 总分 ${data.mine.score ?? 0}`
              : `我的排名：第 ${data.mine.rank} 名 · 通过 ${data.mine.solved} 题 · 罚时 ${data.mine.penalty}`}
          </Typography.Text>
        )}
        {isAdmin && (
          <Space>
            <Switch checked={truth} onChange={setTruth} size="small" data-testid="true-standings" />
            <span>查看真实排名（管理员）</span>
          </Space>
        )}
      </Space>
      {isError && <Alert type="warning" message="排名暂时无法加载" />}
      {data?.hidden ? (
        <Alert
          type="info"
          showIcon
          data-testid="board-hidden"
          message={
            data.virtual ? 'OI 赛制：虚拟参赛结束前不公布成绩和排名' : 'OI 赛制：比赛结束前不公布成绩和排名'
          }
          description={`共 ${data.total} 人参赛。比赛中你的提交只显示“已提交”，结束后公布每题得分与总分。`}
        />
      ) : (
        <Table<RankRow>
          rowKey="uuid"
          size="small"
          bordered
          loading={isLoading}
          dataSource={data?.records ?? []}
          rowClassName={(r) =>
            `${r.uuid === (data?.mine?.uuid ?? me) ? 'oj-sb-mine' : ''} ${medalRowClass(r)}`.trim()
          }
          // On a phone a fixed width, so the pinned columns keep theirs (max-content would widen them).
          scroll={{ x: narrow ? 290 + 64 * problemColumns.length : 'max-content' }}
          locale={{ emptyText: '还没有人参赛' }}
          pagination={{
            current: page,
            pageSize: data?.pageSize ?? 50,
            total: data?.total ?? 0,
            onChange: changePage,
            showSizeChanger: false,
            showTotal: (t) => (contest && contest.team_size > 0 ? `共 ${t} 队` : `共 ${t} 人`),
          }}
          columns={pinColumns<ColumnType<RankRow>>(
            [
              {
                title: '排名',
                dataIndex: 'rank',
                width: 60,
                render: (_: number, r: RankRow) => <MedalRank row={r} />,
              },
              {
                title: contest && contest.team_size > 0 ? '队伍' : '用户',
                key: 'user',
                className: 'oj-sb-user',
                width: 160,
                render: (_: unknown, r: RankRow) => (
                  <>
                    {r.team ? (
                      <TeamName team={r.team} />
                    ) : (
                      <RatingName name={r.username} rating={r.rating} rated={r.rated} uuid={r.uuid} />
                    )}
                    {r.virtual && (
                      <Tag color="magenta" style={{ marginLeft: 4 }} data-testid="virtual-mark">
                        虚拟
                      </Tag>
                    )}
                  </>
                ),
              },
              ...totalColumns,
              ...problemColumns,
            ],
            // A phone keeps rank, name and score in view; the penalty and the problems scroll.
            ['rank', 'user', 'solved', 'score'],
            narrow,
            { user: 100 },
          )}
        />
      )}
    </div>
  );
}

/** A team contest's row: the team's name and 学校/单位, its members on hover or tap. */
function TeamName({ team }: { team: NonNullable<RankRow['team']> }) {
  return (
    <Popover
      trigger={['hover', 'click']}
      title={team.name}
      content={
        <div data-testid="team-members">
          {team.affiliation && <div>学校/单位：{team.affiliation}</div>}
          <div>队员：{team.members.map((m) => m.username).join('、') || '无'}</div>
        </div>
      }
    >
      <span className="oj-sb-team" data-testid="team-row-name">
        <b>{team.name}</b>
        {team.affiliation && <span className="oj-sb-team-affiliation">{team.affiliation}</span>}
      </span>
    </Popover>
  );
}
