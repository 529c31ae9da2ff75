import { Suspense } from 'react';
import Card from '../../components/plain/Card';
import Avatar from '../../components/plain/Avatar';
import Statistic from '../../components/plain/Statistic';
import TabBar from '../../components/plain/TabBar';
import Skeleton from '../../components/plain/Skeleton';
import { Typography } from '../../components/plain/Typography';
import { Tag } from '../../components/plain/Tag';
import { useNavigate, useSearchParams } from 'react-router';
import { DEFAULT_AVATAR } from '../../config';
import RatingName from '../../components/rating/RatingName';
import { ratingText } from '../../components/rating/tiers';
import { useUserStore } from '../../stores/user';
import { tagsOf } from '../../lib/profile';
import ShowClassesSwitch from './ShowClassesSwitch';
import SocialCard from './social/SocialCard';
import PracticeHeatmap from './PracticeHeatmap';
import './user-center.css';
import { lazyScoped } from '../../lib/antdScope';

// Each tab is its own chunk, loaded when it is opened: the profile form (antd Form, DatePicker,
// Select, Upload), the contest records' table, the friends list and the orders' pay dialog are
// each used by one tab only.
const ProfileForm = lazyScoped(() => import('./ProfileForm'));
const CompetitionTab = lazyScoped(() => import('./competition/CompetitionTab'));
const SocialTab = lazyScoped(() => import('./social/SocialTab'));
const OrdersTab = lazyScoped(() => import('./orders/OrdersTab'));
const MyCoursesTab = lazyScoped(() => import('./courses/MyCoursesTab'));

const TABS = [
  { key: 'profile', label: '用户中心' },
  { key: 'competition', label: '比赛' },
  { key: 'social', label: '好友' },
  { key: 'orders', label: '我的订单' },
  { key: 'courses', label: '我的课程' },
];

/** /user (个人中心): a 1150 px wide tabbed page; 用户中心 holds the profile form. */
export default function UserCenterPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab = TABS.some((t) => t.key === asked) ? asked! : 'profile';
  const open = (key: string) => setParams({ tab: key }, { replace: true });

  return (
    <div className="oj-user-center" data-testid="user-center">
      <TabBar items={TABS} activeKey={tab} onChange={open} className="oj-user-center-tabs" />
      <div role="tabpanel" aria-label={TABS.find((t) => t.key === tab)!.label}>
        <Suspense fallback={<Skeleton active />}>
          {tab === 'profile' && <ProfileTab onSocial={() => open('social')} />}
          {tab === 'competition' && <CompetitionTab />}
          {tab === 'social' && <SocialTab />}
          {tab === 'orders' && <OrdersTab />}
          {tab === 'courses' && <MyCoursesTab />}
        </Suspense>
      </div>
    </div>
  );
}

/** 用户中心: the user's card, the social card, the profile form, the settings and the calendar. */
function ProfileTab({ onSocial }: { onSocial: () => void }) {
  const user = useUserStore((s) => s.user);
  const navigate = useNavigate();
  return (
    <div className="oj-user-center-profile">
      <div>
        <Card>
          <div style={{ textAlign: 'center' }}>
            <Avatar src={user.avatar || DEFAULT_AVATAR} size={96} />
            <Typography.Title level={4} style={{ marginBottom: 4 }}>
              <RatingName name={user.username || user.account} rating={user.rating} rated={user.rated} />
            </Typography.Title>
            <Typography.Text type="secondary">@{user.account}</Typography.Text>
            <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
              {user.profile || '这个人很懒，还没有写简介'}
            </Typography.Paragraph>
            <div>
              {tagsOf(user).map((t) => (
                <Tag key={t} color="blue">
                  {t}
                </Tag>
              ))}
            </div>
          </div>
          <div className="oj-halves" style={{ marginTop: 16 }}>
            <Statistic title="阅读量" value={user.readings} data-testid="readings" />
            <Statistic title="Rating" value={ratingText(user.rating, user.rated)} groupSeparator="" />
          </div>
          <Typography.Link onClick={() => navigate(`/user/space/${user.uuid}`)}>查看我的名片</Typography.Link>
        </Card>
        <SocialCard uuid={user.uuid} onOpen={onSocial} />
      </div>
      <div>
        <Card title="个人资料">
          <Suspense fallback={<Skeleton active />}>
            <ProfileForm key={user.uuid} />
          </Suspense>
        </Card>
        <ShowClassesSwitch />
      </div>
      <div className="oj-user-center-wide">
        <PracticeHeatmap />
      </div>
    </div>
  );
}
