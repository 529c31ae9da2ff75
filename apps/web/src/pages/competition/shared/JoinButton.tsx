import { Suspense, useState } from 'react';
import Button from '../../../components/plain/Button';
import { Tag } from '../../../components/plain/Tag';
import { useLocation, useNavigate } from 'react-router';
import type { CompetitionInfo } from '../../../lib/contract';
import { cancelJoin, joinCompetition, useRefreshCompetitions } from '../../../api/competitions';
import { notify } from '../../../lib/notify';
import { isLoggedIn, useUserStore } from '../../../stores/user';
import { loginPath } from '../../../lib/account';
import { usePhase } from './usePhase';
import { lazyScoped } from '../../../lib/antdScope';

const PasswordDialog = lazyScoped(() => import('./JoinDialogs').then((m) => ({ default: m.PasswordDialog })));
const CancelJoin = lazyScoped(() => import('./JoinDialogs').then((m) => ({ default: m.CancelJoin })));

/**
 * 报名 (with the password dialog when the contest has one) until the contest ends; 取消报名 only
 * before it starts (the server's rule, participation.ts cancelJoin), then a plain 已报名.
 */
export default function JoinButton({
  contest,
  size,
  joinedTag = false,
}: {
  contest: CompetitionInfo;
  size?: 'small' | 'middle';
  /** After the start, say 已报名 here (the list); the contest page says it in its header. */
  joinedTag?: boolean;
}) {
  const user = useUserStore((s) => s.user);
  const navigate = useNavigate();
  const location = useLocation();
  const refresh = useRefreshCompetitions();
  const [asking, setAsking] = useState(false);
  // Once asked, the dialog stays mounted so that it can animate closed.
  const [asked, setAsked] = useState(false);
  const [busy, setBusy] = useState(false);
  // Live: a page left open past the start stops offering 取消报名 at that moment.
  const phase = usePhase(contest.start_time, contest.end_time);

  // A team contest is joined through its 队伍 panel (TeamPanel).
  if (contest.state === 'ended' || contest.team_size > 0) return null;

  const join = async (pw?: string) => {
    setBusy(true);
    try {
      await joinCompetition(contest.competition_id, pw);
      notify.success('报名成功');
      setAsking(false);
      await refresh();
    } catch {
      // the client shows the server's message (e.g. 密码错误)
    } finally {
      setBusy(false);
    }
  };
  const start = () => {
    if (!isLoggedIn(user)) {
      navigate(loginPath('join-contest', location.pathname));
      return;
    }
    if (contest.has_password) {
      setAsked(true);
      setAsking(true);
    } else void join();
  };
  const cancel = async () => {
    setBusy(true);
    try {
      await cancelJoin(contest.competition_id);
      notify.success('已取消报名');
      await refresh();
    } catch {
      // toast shown by the client
    } finally {
      setBusy(false);
    }
  };

  if (contest.joined && (contest.state !== 'upcoming' || phase !== 'upcoming'))
    return joinedTag ? (
      <Tag color="green" data-testid={`joined-${contest.competition_id}`}>
        已报名
      </Tag>
    ) : null;
  if (contest.joined)
    return (
      <Suspense
        fallback={
          <Button size={size} loading>
            取消报名
          </Button>
        }
      >
        <CancelJoin
          contestId={contest.competition_id}
          size={size}
          busy={busy}
          onCancel={() => void cancel()}
        />
      </Suspense>
    );
  return (
    <>
      <Button
        type="primary"
        size={size}
        loading={busy}
        onClick={start}
        data-testid={`join-${contest.competition_id}`}
      >
        报名
      </Button>
      {asked && (
        <Suspense fallback={null}>
          <PasswordDialog
            contestName={contest.name}
            open={asking}
            busy={busy}
            onJoin={(pw) => void join(pw)}
            onClose={() => setAsking(false)}
          />
        </Suspense>
      )}
    </>
  );
}
