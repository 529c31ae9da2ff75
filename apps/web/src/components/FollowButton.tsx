import Button from './plain/Button';
import Statistic from './plain/Statistic';
import { CheckOutlined, PlusOutlined, SwapOutlined } from '@ant-design/icons';
import { useFollow, useSocialSummary } from '../api/social';
import { isLoggedIn, useUserStore } from '../stores/user';
import './follow.css';

/**
 * On a user card: the user's follow counts and, for another signed-in user, 关注 / 已关注 / 互相关注
 * (clicking a followed one unfollows); a banned user cannot be followed. Nothing for anonymous
 * readers: every social call needs a login.
 */
export default function FollowButton({ uuid, banned = false }: { uuid: number; banned?: boolean }) {
  const me = useUserStore((s) => s.user);
  const signedIn = isLoggedIn(me);
  const summary = useSocialSummary(uuid, signedIn);
  const toggle = useFollow(uuid);
  if (!signedIn || !summary.data) return null;
  const s = summary.data;
  const self = me.uuid === uuid;
  const label = s.friend ? '互相关注' : s.followed ? '已关注' : s.follows_me ? '回关' : '关注';
  return (
    <div className="oj-follow" data-testid="follow-box">
      <div className="oj-follow-counts">
        <Statistic title="关注" value={s.following} data-testid="count-following" />
        <Statistic title="粉丝" value={s.followers} data-testid="count-followers" />
        <Statistic title="好友" value={s.friends} data-testid="count-friends" />
      </div>
      {!self && !banned && (
        <Button
          type={s.followed ? 'default' : 'primary'}
          icon={s.friend ? <SwapOutlined /> : s.followed ? <CheckOutlined /> : <PlusOutlined />}
          loading={toggle.isPending}
          onClick={() => toggle.mutate(!s.followed)}
          title={s.followed ? '再次点击取消关注' : undefined}
          data-testid="follow-button"
        >
          {label}
        </Button>
      )}
    </div>
  );
}
