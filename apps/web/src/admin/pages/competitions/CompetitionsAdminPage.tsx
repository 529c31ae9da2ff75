import { useState } from 'react';
import { Button, Dropdown, Popconfirm, Space, Switch, Table, Tag } from 'antd';
import { DownloadOutlined, MoreOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useNavigate } from 'react-router';
import type { CompetitionInfo } from '../../../lib/contract';
import {
  adminDeleteCompetition,
  adminFreeze,
  adminRecomputeRating,
  adminSetRated,
  adminUnfreeze,
  downloadRankExcel,
  useAdminCompetitions,
  useRefreshAdminCompetitions,
} from '../../../api/competitions';
import { notify } from '../../../lib/notify';
import { frozenNow } from '../../../lib/contestTime';
import OwnerName from '../../../components/contest/OwnerName';
import ContestEditor from './ContestEditor';
import FreezeDialog from './FreezeDialog';
import BalloonsDrawer from './BalloonsDrawer';
import AwardsDialog from './AwardsDialog';
import TeamsDrawer from './TeamsDrawer';
import BulkAccountsDialog from './BulkAccountsDialog';
import { downloadContestPackage } from './contestPackage';
import { RuleTag } from '../../../components/contest/RuleTag';

const STATE_TAGS = {
  upcoming: ['blue', '未开始'],
  running: ['green', '进行中'],
  ended: ['default', '已结束'],
} as const;
const TYPE_NAMES: Record<number, string> = { 1: '程序设计', 2: '数学', 3: '408' };

/** 比赛管理: list, create / edit / delete, rated, freeze / unfreeze, rating recompute, ranking export (.xlsx). */
export default function CompetitionsAdminPage() {
  const [pageNum, setPageNum] = useState(1);
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  const [freezing, setFreezing] = useState<CompetitionInfo | null>(null);
  const [balloonsOf, setBalloonsOf] = useState<CompetitionInfo | null>(null);
  const [awardsOf, setAwardsOf] = useState<CompetitionInfo | null>(null);
  const [teamsOf, setTeamsOf] = useState<CompetitionInfo | null>(null);
  const [accountsFor, setAccountsFor] = useState<CompetitionInfo | null>(null);
  const navigate = useNavigate();
  const page = useAdminCompetitions(pageNum);
  const refresh = useRefreshAdminCompetitions();

  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      notify.success(done);
      await refresh();
    } catch {
      // toasted by the client
    }
  };

  const exportExcel = async (c: CompetitionInfo) => {
    try {
      const blob = await downloadRankExcel(c.competition_id);
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = `${c.name}-排名.xlsx`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (e) {
      notify.error(e instanceof Error ? e.message : '导出失败');
    }
  };

  return (
    <div data-testid="admin-competitions">
      <Space style={{ marginBottom: 16 }}>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setEditing(null)}
          data-testid="admin-new-contest"
        >
          新建比赛
        </Button>
      </Space>
      <Table<CompetitionInfo>
        rowKey="competition_id"
        loading={page.isFetching}
        dataSource={page.data?.records ?? []}
        pagination={{
          current: pageNum,
          pageSize: page.data?.pageSize ?? 10,
          total: page.data?.total ?? 0,
          onChange: setPageNum,
          showSizeChanger: false,
        }}
        locale={{ emptyText: '还没有比赛' }}
        columns={[
          { title: 'ID', dataIndex: 'competition_id', width: 70 },
          {
            title: '名称',
            key: 'name',
            render: (_: unknown, c) => (
              <Space>
                <a href={`/competition/${c.competition_id}`} target="_blank" rel="noreferrer">
                  {c.name}
                </a>
                <Tag>{TYPE_NAMES[c.type] ?? c.type}</Tag>
                <RuleTag rule={c.rule} />
              </Space>
            ),
          },
          {
            title: '状态',
            dataIndex: 'state',
            width: 90,
            render: (s: CompetitionInfo['state']) => <Tag color={STATE_TAGS[s][0]}>{STATE_TAGS[s][1]}</Tag>,
          },
          {
            title: '开始 / 结束',
            key: 'time',
            width: 160,
            render: (_: unknown, c) => (
              <div style={{ whiteSpace: 'nowrap' }}>
                {dayjs(c.start_time).format('YYYY-MM-DD HH:mm')}
                <br />
                {dayjs(c.end_time).format('YYYY-MM-DD HH:mm')}
              </div>
            ),
          },
          {
            title: '创建者',
            key: 'owner',
            render: (_: unknown, c: CompetitionInfo) => <OwnerName contest={c} link={false} />,
          },
          { title: '人数', dataIndex: 'participants', width: 80 },
          {
            title: '计分',
            key: 'rated',
            width: 90,
            render: (_: unknown, c) => (
              <Switch
                size="small"
                checked={c.rated}
                // Team contests are not rated (docs/competitions.md, "Team contests").
                disabled={c.team_size > 0}
                onChange={(on) =>
                  void run(() => adminSetRated(c.competition_id, on), on ? '已设为计分比赛' : '已取消计分')
                }
                data-testid={`rated-${c.competition_id}`}
              />
            ),
          },
          {
            title: '封榜',
            key: 'frozen',
            width: 90,
            render: (_: unknown, c) =>
              frozenNow(c, Date.now()) ? (
                <Tag color="blue">封榜中</Tag>
              ) : c.freeze_minutes > 0 ? (
                `${c.freeze_minutes} 分钟`
              ) : (
                '—'
              ),
          },
          {
            title: '操作',
            key: 'ops',
            width: 230,
            render: (_: unknown, c) => (
              <Space>
                <Button size="small" onClick={() => setEditing(c.competition_id)}>
                  编辑
                </Button>
                <Button
                  size="small"
                  icon={<DownloadOutlined />}
                  onClick={() => void exportExcel(c)}
                  data-testid={`export-${c.competition_id}`}
                >
                  导出
                </Button>
                <Dropdown
                  // Opened by a click, not a hover: nine entries reach over the rows below, and a
                  // pointer (or a finger on a tablet) crossing them must not close the menu.
                  trigger={['click']}
                  menu={{
                    items: [
                      { key: 'freeze', label: '封榜', disabled: frozenNow(c, Date.now()) },
                      { key: 'unfreeze', label: '解除封榜（公布结果）', disabled: !c.frozen },
                      {
                        key: 'recompute',
                        label: '重新计算 Rating',
                        disabled: !c.rated || c.state !== 'ended',
                      },
                      { key: 'clarify', label: '答疑与公告' },
                      {
                        key: 'balloons',
                        label: '气球（现场）',
                        disabled: c.type !== 1 || c.state === 'upcoming',
                      },
                      { key: 'awards', label: '奖牌与打星' },
                      ...(c.team_size > 0 ? [{ key: 'teams', label: '队伍管理（打星）' }] : []),
                      { key: 'accounts', label: '批量创建参赛账号', disabled: c.state === 'ended' },
                      {
                        key: 'similarity',
                        label: '代码查重',
                        disabled: c.type !== 1 || c.state === 'upcoming',
                      },
                      { key: 'package', label: '导出比赛数据包', disabled: c.type !== 1 },
                      {
                        key: 'rejudge',
                        label: '重测（对照后应用）',
                        disabled: c.type !== 1 || c.state === 'upcoming',
                      },
                    ],
                    onClick: ({ key }) => {
                      if (key === 'freeze') setFreezing(c);
                      if (key === 'unfreeze') void run(() => adminUnfreeze(c.competition_id), '已解除封榜');
                      if (key === 'balloons') setBalloonsOf(c);
                      if (key === 'awards') setAwardsOf(c);
                      if (key === 'teams') setTeamsOf(c);
                      if (key === 'accounts') setAccountsFor(c);
                      if (key === 'package') void downloadContestPackage(c);
                      if (key === 'rejudge') navigate(`/rejudge?competition_id=${c.competition_id}`);
                      if (key === 'recompute')
                        void run(() => adminRecomputeRating(c.competition_id), '已重新计算 Rating');
                      if (key === 'clarify' || key === 'similarity')
                        navigate(
                          `/${key === 'clarify' ? 'clarifications' : 'similarity'}?competition_id=${c.competition_id}`,
                        );
                    },
                  }}
                >
                  <Button size="small" icon={<MoreOutlined />} aria-label="更多操作" />
                </Dropdown>
                <Popconfirm
                  title="删除这场比赛？提交记录会保留。"
                  okText="删除"
                  cancelText="取消"
                  onConfirm={() => void run(() => adminDeleteCompetition(c.competition_id), '比赛已删除')}
                >
                  <Button size="small" danger>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <BalloonsDrawer contest={balloonsOf} onClose={() => setBalloonsOf(null)} />
      <AwardsDialog contest={awardsOf} onClose={() => setAwardsOf(null)} />
      <TeamsDrawer contest={teamsOf} onClose={() => setTeamsOf(null)} />
      <BulkAccountsDialog
        contest={accountsFor}
        onClose={(created) => {
          setAccountsFor(null);
          if (created) void refresh();
        }}
      />
      <FreezeDialog
        contest={freezing}
        onCancel={() => setFreezing(null)}
        onOk={(minutes) => {
          const c = freezing!;
          setFreezing(null);
          void run(() => adminFreeze(c.competition_id, minutes), '已封榜');
        }}
      />
      <ContestEditor
        id={editing ?? null}
        open={editing !== undefined}
        onClose={(saved) => {
          setEditing(undefined);
          if (saved) void refresh();
        }}
      />
    </div>
  );
}
