import { Suspense, useEffect, useState } from 'react';
import Card from '../../../components/plain/Card';
import Result from '../../../components/plain/Result';
import { Typography } from '../../../components/plain/Typography';
import Button from '../../../components/plain/Button';
import Skeleton from '../../../components/plain/Skeleton';
import TabBar from '../../../components/plain/TabBar';
import { Tag } from '../../../components/plain/Tag';
import { useNavigate, useParams } from 'react-router';
import { useCompetition, useContestProblems, useRefreshCompetitions } from '../../../api/competitions';
import ContestCountdown from '../shared/ContestCountdown';
import JoinButton from '../shared/JoinButton';
import RunPanel, { useMyRun, waitsForStart } from '../shared/RunPanel';
import { mayReadProblems } from '../shared/access';
import { useUserStore } from '../../../stores/user';
import { formatDateTime, formatLength, frozenNow, phaseAt } from '../../../lib/contestTime';
import { useNow } from '../../../components/useNow';
import { loadContestStatus, saveContestStatus, type ContestStatus } from '../contestStatus';
import ProblemsTab from './ProblemsTab';
import Announcements from '../../../components/contest/Announcements';
import { useClarifications, useRefreshClarifications } from '../../../api/clarifications';
import OwnerName from '../../../components/contest/OwnerName';
import '../shared/competition.css';
import { RuleTag } from '../../../components/contest/RuleTag';
import { Role } from '../../../lib/contract';
import { lazyScoped } from '../../../lib/antdScope';

// Each tab but 题目 is a chunk of its own, loaded when opened: the board and the records are antd
// tables, 答疑 an antd form, 公告 the markdown renderer. 重测 (issue 26 part 4) is for those who
// manage the contest, the team panel (antd Form and List) for team contests.
const Scoreboard = lazyScoped(() => import('./Scoreboard'));
const RecordsTab = lazyScoped(() => import('./RecordsTab'));
const NoticeTab = lazyScoped(() => import('./NoticeTab'));
const ClarifyTab = lazyScoped(() => import('./ClarifyTab'));
const RejudgePanel = lazyScoped(() => import('../../../components/contest/RejudgePanel'));
const TeamPanel = lazyScoped(() => import('../shared/TeamPanel'));

/** /competition/{id}: header with countdown and join, tabs 题目 / 排名 / 我的提交 / 公告 / 答疑 (tab kept in the local contest status). */
export default function ContestHomePage() {
  const { competitionId } = useParams();
  const id = Number(competitionId);
  const navigate = useNavigate();
  const refreshCompetitions = useRefreshCompetitions();
  const refreshClarifications = useRefreshClarifications();
  const { data: contest, isError } = useCompetition(Number.isInteger(id) ? id : 0);
  const [status, setStatus] = useState<ContestStatus>(() => loadContestStatus(id));
  const now = useNow();
  const phase = contest ? phaseAt(contest.start_time, contest.end_time, now) : 'upcoming';
  const started = phase !== 'upcoming';
  const user = useUserStore((s) => s.user);
  // A window contest opens its problems with the caller's own 开始 (issue 26 part 2).
  const run = useMyRun(contest);
  const { data: problems } = useContestProblems(
    id,
    Boolean(contest) && mayReadProblems(contest!, started, user) && !waitsForStart(contest!, run, now),
  );
  // 答疑 and announcements (issue 18): for logged-in users; the server says who may read them.
  const clar = useClarifications(id, Boolean(contest) && user.uuid !== -1);
  // Joining (a password contest opens its 答疑) or the start (asking opens): the board is read again.
  const joined = contest?.joined;
  useEffect(() => {
    void refreshClarifications(id);
  }, [joined, phase, id, refreshClarifications]);

  // The contest starting or ending while the page is open: reload what depends on it.
  useEffect(() => {
    if (contest && phase !== contest.state) void refreshCompetitions();
  }, [phase, contest, refreshCompetitions]);

  useEffect(() => {
    if (contest) document.title = `${contest.name} - 比赛`;
  }, [contest]);

  const update = (patch: Partial<ContestStatus>) => {
    setStatus((s) => ({ ...s, ...patch }));
    saveContestStatus(id, patch);
  };

  if (!Number.isInteger(id) || id < 1 || isError)
    return (
      <div className="oj-contest-page">
        <Card>
          <Result
            status="404"
            title="比赛不存在"
            extra={<Button onClick={() => navigate('/competition')}>返回比赛列表</Button>}
          />
        </Card>
      </div>
    );
  if (!contest)
    return (
      <div className="oj-contest-page">
        <Card>
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      </div>
    );

  const names = new Map((problems ?? []).map((p) => [p.index, p.display_name]));
  const rejudges = managesRejudge(contest, user);
  const tab = status.tab === 'rejudge' && !rejudges ? 'problems' : status.tab;
  return (
    <div className="oj-contest-page" data-testid="contest-home">
      <Card>
        <div className="oj-contest-head">
          <div>
            <Typography.Title level={3} className="oj-contest-title">
              {contest.name}
            </Typography.Title>
            <div className="oj-contest-meta">
              <span>开始：{formatDateTime(contest.start_time)}</span>
              <span>结束：{formatDateTime(contest.end_time)}</span>
              <span>时长：{formatLength(contest.start_time, contest.end_time)}</span>
              <span>参赛人数：{contest.participants}</span>
              <span>
                创建者：
                <OwnerName contest={contest} />
              </span>
            </div>
            <div className="oj-contest-tags">
              <RuleTag rule={contest.rule} />
              {contest.rated ? <Tag color="gold">计分赛</Tag> : <Tag>不计分</Tag>}
              {contest.freeze_minutes > 0 && contest.rule !== 'oi' && (
                <Tag>最后 {contest.freeze_minutes} 分钟封榜</Tag>
              )}
              {frozenNow(contest, now) && <Tag color="blue">封榜中</Tag>}
              {contest.exam_mode && (
                <Tag color="red" title="比赛进行期间，参赛者只能访问本场比赛的页面">
                  考试模式
                </Tag>
              )}
              {contest.team_size > 0 && <Tag color="purple">团队赛（每队最多 {contest.team_size} 人）</Tag>}
              {contest.joined && <Tag color="green">已报名</Tag>}
              {contest.class_contest && (
                <Tag color="purple" data-testid="contest-class-tag" style={{ whiteSpace: 'normal' }}>
                  班级比赛
                  {contest.classes?.length ? `：${contest.classes.map((c) => c.name).join('、')}` : ''}
                </Tag>
              )}
            </div>
          </div>
          <div className="oj-contest-actions">
            <ContestCountdown start={contest.start_time} end={contest.end_time} />
            <JoinButton contest={contest} />
            <RunPanel contest={contest} />
          </div>
        </div>
        {contest.team_size > 0 && (
          <div className="oj-team-panel">
            <Suspense fallback={<Skeleton active />}>
              <TeamPanel contest={contest} />
            </Suspense>
          </div>
        )}
        <Announcements competitionId={id} board={clar.board} />
        <TabBar
          className="oj-contest-tabs"
          activeKey={tab}
          onChange={(key) => update({ tab: key as ContestStatus['tab'] })}
          items={[
            { key: 'problems', label: '题目' },
            { key: 'rank', label: '排名' },
            { key: 'records', label: '我的提交' },
            { key: 'notice', label: '公告' },
            {
              key: 'clarify',
              label: (
                <span data-testid="clarify-badge">
                  答疑
                  {clar.unread > 0 && <sup className="oj-badge-count">{clar.unread}</sup>}
                </span>
              ),
            },
            ...(rejudges ? [{ key: 'rejudge', label: '重测' }] : []),
          ]}
        />
        <div role="tabpanel">
          <Suspense fallback={<Skeleton active />}>
            {tab === 'problems' && <ProblemsTab contest={contest} started={started} />}
            {tab === 'rank' && (
              <Scoreboard
                competitionId={id}
                initialPage={status.rankPage}
                onPage={(rankPage) => update({ rankPage })}
              />
            )}
            {tab === 'records' && (
              <RecordsTab
                competitionId={id}
                type={contest.type}
                names={names}
                initialPage={status.recordsPage}
                onPage={(recordsPage) => update({ recordsPage })}
              />
            )}
            {tab === 'notice' && <NoticeTab text={contest.description} />}
            {tab === 'clarify' && (
              <ClarifyTab
                competitionId={id}
                board={clar.board}
                problems={problems ?? []}
                onRead={clar.setUnread}
                loggedIn={user.uuid !== -1}
              />
            )}
            {tab === 'rejudge' && <RejudgePanel contestId={id} />}
          </Suspense>
        </div>
      </Card>
    </div>
  );
}

/** Rejudge sets of a programming contest: admins, and its author (the server checks it again). */
function managesRejudge(
  contest: { type: number; owner_uuid: number | null },
  user: { uuid: number; role: number },
) {
  return (
    contest.type === 1 && user.uuid !== -1 && (user.role === Role.Admin || contest.owner_uuid === user.uuid)
  );
}
