import DataTable from '../../../components/DataTable';
import Empty from '../../../components/plain/Empty';
import { Tag } from '../../../components/plain/Tag';
import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { Link } from 'react-router';
import type { CompetitionDetail, ContestProblemItem } from '../../../lib/contract';
import { useContestProblems } from '../../../api/competitions';
import { useUserStore } from '../../../stores/user';
import { mayReadProblems } from '../shared/access';
import JoinButton from '../shared/JoinButton';
import RunPanel, { useMyRun, waitsForStart } from '../shared/RunPanel';
import { useNow } from '../../../components/useNow';
import { formatDateTime } from '../../../lib/contestTime';
import { contestProblemPath } from '../shared/paths';

/**
 * 题目: display names, titles, solved counts and the caller's status; hidden before the start, and
 * in a password contest until the caller joined (the join prompt shows instead).
 */
export default function ProblemsTab({ contest, started }: { contest: CompetitionDetail; started: boolean }) {
  const user = useUserStore((s) => s.user);
  const run = useMyRun(contest);
  const now = useNow();
  const waiting = waitsForStart(contest, run, now);
  const visible = mayReadProblems(contest, started, user) && !waiting;
  const { data, isLoading, isError } = useContestProblems(contest.competition_id, visible);
  // A window contest (issue 26 part 2): the problems open with the caller's own clock.
  if (waiting)
    return (
      <Empty
        description={`本场比赛每人限时 ${contest.window_minutes} 分钟，${contest.joined ? '点击“开始”后' : '报名并点击“开始”后'}才能查看题目`}
        data-testid="problems-wait-start"
      >
        {contest.joined ? <RunPanel contest={contest} /> : <JoinButton contest={contest} />}
      </Empty>
    );
  if (!visible && !started)
    return (
      <Empty
        description={`题目将在比赛开始后公布（${formatDateTime(contest.start_time)}）`}
        data-testid="problems-hidden"
      />
    );
  if (!visible)
    return (
      <Empty
        description={
          contest.state === 'ended'
            ? '这场比赛设有密码，题目只对报名者可见'
            : '这场比赛设有密码，报名后才能查看题目'
        }
        data-testid="problems-need-join"
      >
        <JoinButton contest={contest} />
      </Empty>
    );
  if (isError) return <Empty description="题目暂时无法查看" />;
  return (
    <DataTable<ContestProblemItem>
      rowKey="index"
      loading={isLoading}
      rows={data ?? []}
      data-testid="contest-problems"
      columns={[
        {
          title: '状态',
          dataIndex: 'my_status',
          width: 70,
          render: (s: ContestProblemItem['my_status']) =>
            s === 'solved' ? (
              <CheckCircleFilled style={{ color: '#52c41a' }} aria-label="已通过" />
            ) : s === 'tried' ? (
              <CloseCircleFilled style={{ color: '#f5222d' }} aria-label="尝试过" />
            ) : null,
        },
        {
          title: '题号',
          dataIndex: 'display_name',
          width: 80,
          render: (d: string) => <Tag color="blue">{d}</Tag>,
        },
        {
          title: '题目',
          key: 'name',
          render: (_: unknown, p: ContestProblemItem) => (
            <Link to={contestProblemPath(contest.competition_id, p.index)}>{p.name}</Link>
          ),
        },
        { title: '通过人数', dataIndex: 'solved_count', width: 100 },
      ]}
    />
  );
}
