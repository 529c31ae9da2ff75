import { lazy, Suspense } from 'react';
import { Avatar, Col, Row, Statistic, Tabs } from 'antd';
import Card from '../../components/plain/Card';
import { Typography } from '../../components/plain/Typography';
import { Tag } from '../../components/plain/Tag';
import { useNavigate, useSearchParams } from 'react-router';
import { DEFAULT_AVATAR } from '../../config';
import RatingName from '../../components/rating/RatingName';
import { ratingText } from '../../components/rating/tiers';
import { useUserStore } from '../../stores/user';
import ProfileForm from './ProfileForm';
import ShowClassesSwitch from './ShowClassesSwitch';
import CompetitionTab from './competition/CompetitionTab';
import OrdersTab from './orders/OrdersTab';
import MyCoursesTab from './courses/MyCoursesTab';
import { tagsOf } from '../../lib/profile';
import SocialCard from './social/SocialCard';

const SocialTab = lazy(() => import('./social/SocialTab'));

// ECharts only loads with the heatmap, never on the first page load.
const PracticeHeatmap = lazy(() => import('./PracticeHeatmap'));

/** /user (个人中心): a 1150 px wide tabbed page; 用户中心 holds the profile form. */
export default function UserCenterPage() {
  const user = useUserStore((s) => s.user);
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const tab = params.get('tab') ?? 'profile';

  return (
    <div className="oj-user-center" data-testid="user-center">
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams({ tab: key }, { replace: true })}
        items={[
          {
            key: 'profile',
            label: '用户中心',
            children: (
              <Row gutter={20} className="oj-user-center-profile">
                <Col xs={24} md={7}>
                  <Card>
                    <div style={{ textAlign: 'center' }}>
                      <Avatar src={user.avatar || DEFAULT_AVATAR} size={96} />
                      <Typography.Title level={4} style={{ marginBottom: 4 }}>
                        <RatingName
                          name={user.username || user.account}
                          rating={user.rating}
                          rated={user.rated}
                        />
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
                    <Row style={{ marginTop: 16 }}>
                      <Col span={12}>
                        <Statistic title="阅读量" value={user.readings} data-testid="readings" />
                      </Col>
                      <Col span={12}>
                        <Statistic
                          title="Rating"
                          value={ratingText(user.rating, user.rated)}
                          groupSeparator=""
                        />
                      </Col>
                    </Row>
                    <Typography.Link onClick={() => navigate(`/user/space/${user.uuid}`)}>
                      查看我的名片
                    </Typography.Link>
                  </Card>
                  <SocialCard
                    uuid={user.uuid}
                    onOpen={() => setParams({ tab: 'social' }, { replace: true })}
                  />
                </Col>
                <Col xs={24} md={17}>
                  <Card title="个人资料">
                    <ProfileForm key={user.uuid} />
                  </Card>
                  <ShowClassesSwitch />
                </Col>
                <Col span={24}>
                  <Suspense fallback={null}>
                    <PracticeHeatmap />
                  </Suspense>
                </Col>
              </Row>
            ),
          },
          {
            key: 'competition',
            label: '比赛',
            children: <CompetitionTab />,
          },
          {
            key: 'social',
            label: '好友',
            children: (
              <Suspense fallback={null}>
                <SocialTab />
              </Suspense>
            ),
          },
          {
            key: 'orders',
            label: '我的订单',
            children: <OrdersTab />,
          },
          {
            key: 'courses',
            label: '我的课程',
            children: <MyCoursesTab />,
          },
        ]}
      />
    </div>
  );
}
