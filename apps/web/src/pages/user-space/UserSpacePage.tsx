import Avatar from '../../components/plain/Avatar';
import Descriptions from '../../components/plain/Descriptions';
import TabBar from '../../components/plain/TabBar';
import Card from '../../components/plain/Card';
import Result from '../../components/plain/Result';
import { Typography } from '../../components/plain/Typography';
import Empty from '../../components/plain/Empty';
import Skeleton from '../../components/plain/Skeleton';
import { Tag } from '../../components/plain/Tag';
import { useParams, useSearchParams } from 'react-router';
import dayjs from 'dayjs';
import { DEFAULT_AVATAR } from '../../config';
import { useUserCard } from '../../api/users-queries';
import RatingName from '../../components/rating/RatingName';
import { ratingText } from '../../components/rating/tiers';
import { tagsOf } from '../../lib/profile';
import UserPosts from '../../components/forum/UserPosts';
import FollowButton from '../../components/FollowButton';
import PracticeSection from './PracticeSection';
import { Role } from '../../lib/contract';

/** /user/space/:uuid: another user's public card (no email, phone or birthday), posts and 练习情况. */
export default function UserSpacePage() {
  const { uuid = '' } = useParams();
  const id = Number(uuid);
  const valid = Number.isInteger(id) && id > 0;
  const card = useUserCard(id, valid);
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'practice' ? 'practice' : 'posts';

  if (!valid) return <Result status="404" title="用户不存在" subTitle={`“${uuid}” 不是有效的用户编号`} />;
  if (card.isLoading) return <Skeleton active avatar style={{ maxWidth: 720, margin: '0 auto' }} />;
  if (!card.data) return <Empty description="没有找到这位用户" />;
  const u = card.data;
  return (
    <div className="oj-container-narrow" data-testid="user-space">
      <Card>
        <Card.Meta
          avatar={<Avatar src={u.avatar || DEFAULT_AVATAR} size={88} />}
          title={
            <Typography.Title level={3} style={{ margin: 0 }}>
              <RatingName name={u.username || u.account} rating={u.rating} rated={u.rated} />
            </Typography.Title>
          }
          description={u.profile || '这个人很懒，还没有写简介'}
        />
        <FollowButton uuid={u.uuid} banned={u.role === Role.Ban} />
        <Descriptions column={{ xs: 1, sm: 2 }} style={{ marginTop: 24 }}>
          <Descriptions.Item label="账号">{u.account}</Descriptions.Item>
          <Descriptions.Item label="Rating">
            <span data-testid="user-rating">{ratingText(u.rating, u.rated)}</span>
          </Descriptions.Item>
          <Descriptions.Item label="性别">{u.gender || '未填写'}</Descriptions.Item>
          <Descriptions.Item label="学校">{u.school || '未填写'}</Descriptions.Item>
          <Descriptions.Item label="个人网站">
            {u.url && /^https?:\/\//.test(u.url) ? (
              <a href={u.url} target="_blank" rel="noopener noreferrer nofollow">
                {u.url}
              </a>
            ) : (
              '未填写'
            )}
          </Descriptions.Item>
          <Descriptions.Item label="阅读量">{u.readings}</Descriptions.Item>
          <Descriptions.Item label="注册时间">
            {u.create_time ? dayjs(u.create_time).format('YYYY-MM-DD') : '—'}
          </Descriptions.Item>
          <Descriptions.Item label="常用标签">
            {tagsOf(u).length ? tagsOf(u).map((t) => <Tag key={t}>{t}</Tag>) : '暂无'}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <TabBar
        className="oj-user-space-tabs"
        activeKey={tab}
        onChange={(key) => setParams(key === 'posts' ? {} : { tab: key }, { replace: true })}
        items={[
          { key: 'posts', label: '帖子' },
          { key: 'practice', label: '练习情况' },
        ]}
      />
      <div role="tabpanel">{tab === 'posts' ? <UserPosts uuid={id} /> : <PracticeSection uuid={id} />}</div>
    </div>
  );
}
