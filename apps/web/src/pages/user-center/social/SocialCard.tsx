import Avatar from '../../../components/plain/Avatar';
import Statistic from '../../../components/plain/Statistic';
import Card from '../../../components/plain/Card';
import { Typography } from '../../../components/plain/Typography';
import { Link } from 'react-router';
import { useSocialSummary, useVisitors } from '../../../api/social';
import { DEFAULT_AVATAR } from '../../../config';
import './social.css';

/** 用户中心's social card: friends, following and followers counts and the latest visitors. */
export default function SocialCard({ uuid, onOpen }: { uuid: number; onOpen(): void }) {
  const summary = useSocialSummary(uuid);
  const visits = useVisitors(1, 6);
  const v = visits.data;
  return (
    <Card size="small" className="oj-social-card" data-testid="social-card">
      <div className="oj-thirds">
        <Statistic title="好友" value={summary.data?.friends ?? 0} data-testid="friends-count" />
        <Statistic title="关注" value={summary.data?.following ?? 0} />
        <Statistic title="粉丝" value={summary.data?.followers ?? 0} />
      </div>
      <div className="oj-social-visitors">
        <Typography.Text type="secondary">最近访客</Typography.Text>
        {v && !v.enabled ? (
          <Typography.Text type="secondary">已关闭</Typography.Text>
        ) : v?.records.length ? (
          <Avatar.Group>
            {v.records.slice(0, 6).map((r) => (
              <Link key={`${r.uuid}-${r.time}`} to={`/user/space/${r.uuid}`} title={r.username || r.account}>
                <Avatar src={r.avatar || DEFAULT_AVATAR} size="small" alt={r.username || r.account} />
              </Link>
            ))}
          </Avatar.Group>
        ) : (
          <Typography.Text type="secondary">暂无</Typography.Text>
        )}
      </div>
      <Typography.Link onClick={onOpen}>查看好友与访客</Typography.Link>
    </Card>
  );
}
