import { useEffect, useState } from 'react';
import Popconfirm from '../../../components/plain/Popconfirm';
import Button from '../../../components/plain/Button';
import { Tag } from '../../../components/plain/Tag';
import type { CompetitionInfo, ContestRun } from '../../../lib/contract';
import { startVirtual, startWindow, useContestRun } from '../../../api/contest-runs';
import { useRefreshCompetitions } from '../../../api/competitions';
import { formatCountdown } from '../../../lib/contestTime';
import { useNow } from '../../../components/useNow';
import { notify } from '../../../lib/notify';
import { isLoggedIn, useUserStore } from '../../../stores/user';
import { COMPETITION_TYPES_VALUES } from '../create/types';

/** The caller's clock in a contest, for the header and the problem list (null while unknown). */
export function useMyRun(contest: CompetitionInfo | undefined): ContestRun | null {
  const user = useUserStore((s) => s.user);
  const wanted =
    Boolean(contest) &&
    isLoggedIn(user) &&
    ((contest!.window_minutes > 0 && contest!.joined) ||
      (contest!.state === 'ended' && contest!.type === COMPETITION_TYPES_VALUES.programming));
  const { data } = useContestRun(contest?.competition_id ?? 0, wanted);
  return wanted ? (data ?? null) : null;
}

/** Whether a window contest keeps its problems from the caller: running, and 开始 not pressed. */
export function waitsForStart(contest: CompetitionInfo, run: ContestRun | null, now: number): boolean {
  if (contest.window_minutes <= 0 || contest.editable) return false;
  const running = now >= Date.parse(contest.start_time) && now < Date.parse(contest.end_time);
  return running && !run?.window_started_at;
}

/**
 * Issue 26 part 2, under the contest's countdown: a window contest's 开始 and the caller's own
 * countdown; after the end of a programming contest, 虚拟参赛 and the virtual run's countdown.
 */
export default function RunPanel({ contest }: { contest: CompetitionInfo }) {
  const run = useMyRun(contest);
  const now = useNow();
  const refresh = useRefreshCompetitions();
  const [busy, setBusy] = useState(false);
  // A virtual run ending while the page is open: the contest, the run and the board are read again.
  const runEnd = run?.virtual?.active ? Date.parse(run.virtual.end_at) : null;
  const runOver = runEnd !== null && now >= runEnd;
  useEffect(() => {
    if (runOver) void refresh();
  }, [runOver, refresh]);
  const act = async (call: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await call();
      notify.success(done);
      await refresh();
    } catch {
      // the client shows the server's message
    } finally {
      setBusy(false);
    }
  };

  const items: React.ReactNode[] = [];
  if (contest.window_minutes > 0)
    items.push(
      <Tag key="window" color="purple" title="每位参赛者点击“开始”后计时，比赛结束时截止">
        每人限时 {contest.window_minutes} 分钟
      </Tag>,
    );
  const running = contest.state === 'running';
  if (run && contest.window_minutes > 0 && running && contest.joined) {
    if (!run.window_started_at)
      items.push(
        <Popconfirm
          key="start"
          title={`开始后计时 ${contest.window_minutes} 分钟，不能暂停，确定开始？`}
          okText="开始"
          cancelText="再想想"
          onConfirm={() => void act(() => startWindow(contest.competition_id), '已开始计时')}
        >
          <Button type="primary" loading={busy} data-testid="window-start">
            开始
          </Button>
        </Popconfirm>,
      );
    else {
      const left = Date.parse(run.window_end_at!) - now;
      items.push(
        <Tag key="mine" color={left > 0 ? 'green' : 'default'} data-testid="window-countdown">
          {left > 0 ? `我的剩余时间 ${formatCountdown(left)}` : '我的比赛时间已用完'}
        </Tag>,
      );
    }
  }
  if (run && contest.state === 'ended') {
    const active = run.virtual && Date.parse(run.virtual.end_at) > now;
    if (active)
      items.push(
        <Tag key="virtual" color="magenta" data-testid="virtual-countdown">
          虚拟参赛中 · 剩余 {formatCountdown(Date.parse(run.virtual!.end_at) - now)}
        </Tag>,
      );
    else if (run.may_start_virtual || run.virtual)
      items.push(
        <Popconfirm
          key="virtual-start"
          title="虚拟参赛：按比赛时长重新计时，排名与同一时刻的真实参赛者比较，不影响真实排名和积分。确定开始？"
          okText="开始虚拟参赛"
          cancelText="再想想"
          onConfirm={() => void act(() => startVirtual(contest.competition_id), '虚拟参赛已开始')}
        >
          <Button type="primary" loading={busy} disabled={!run.may_start_virtual} data-testid="virtual-start">
            虚拟参赛
          </Button>
        </Popconfirm>,
      );
  }
  if (!items.length) return null;
  return <div className="oj-run-panel">{items}</div>;
}
