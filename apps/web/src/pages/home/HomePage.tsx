import Button from '../../components/plain/Button';
import { Link, useNavigate } from 'react-router';
import { useHomeOverview, useIpLocation } from '../../api/home-queries';
import { PRODUCT_NAME } from '../../config';
import { isLoggedIn, useUserStore } from '../../stores/user';
import { Announcements, Contests, Daily, Posts, Progress, Section, Top } from './HomeSections';
import { useReturning } from './returning';
import './home.css';

/**
 * /home: what is happening on the site, from one call (`/api/home/overview`): announcements, the
 * daily problem, running and upcoming contests with live countdowns, hot posts, new solutions, the
 * rating top 10 and, for a signed-in user, their progress and last problem. Plain elements styled in
 * home.css (antd's Card and Typography would add ~45 KB gzip to this page's first load).
 */
export default function HomePage() {
  const navigate = useNavigate();
  const user = useUserStore((s) => s.user);
  const loggedIn = isLoggedIn(user);
  const overview = useHomeOverview(user.uuid);
  const place = useIpLocation();
  const d = overview.data;
  const returning = useReturning(loggedIn ? user.uuid : -1, user.create_time);
  return (
    <div className="oj-container" data-testid="home-page">
      <section className="oj-hero oj-home-hero">
        <h1>
          {loggedIn
            ? `${returning ? '欢迎回来' : '欢迎'}，${user.username || user.account}`
            : `欢迎来到 ${PRODUCT_NAME}`}
        </h1>
        <p>刷算法题、练数学与 408、参加比赛、写题解、和同伴交流。</p>
        <div className="oj-hero-actions">
          <Button size="large" onClick={() => navigate('/problems')}>
            开始刷题
          </Button>
          {!loggedIn && (
            <Button size="large" ghost onClick={() => navigate('/user/login')}>
              登陆 / 注册
            </Button>
          )}
        </div>
        {place.data && (
          <p className="oj-home-place" data-testid="home-location">
            当前位置：{place.data.location}
          </p>
        )}
      </section>
      {overview.isError && (
        <p className="oj-home-card oj-home-secondary oj-links" style={{ marginTop: 20 }}>
          首页数据加载失败，请稍后刷新重试。
        </p>
      )}
      {d && (
        <div className="oj-home-grid">
          <div className="oj-home-col">
            <Section order={1} title="公告" testId="home-announcements">
              <Announcements items={d.announcements} />
            </Section>
            <Section
              order={4}
              title="近期比赛"
              more={{ to: '/competition', label: '全部比赛' }}
              testId="home-contests"
            >
              <Contests data={d} skew={Date.parse(d.server_time) - overview.dataUpdatedAt} />
            </Section>
            <Section order={5} title="热门帖子" more={{ to: '/posts', label: '更多帖子' }} testId="home-hot">
              <Posts items={d.hot_posts} empty="还没有帖子" />
            </Section>
            <Section
              order={6}
              title="最新题解"
              more={{ to: '/posts', label: '更多题解' }}
              testId="home-solutions"
            >
              <Posts items={d.new_solutions} empty="还没有题解" />
            </Section>
          </div>
          <div className="oj-home-col oj-home-side">
            <Section order={2} title="每日一题" testId="home-daily-section">
              <Daily daily={d.daily} />
            </Section>
            <Section order={3} title="我的进度">
              {d.me ? (
                <Progress me={d.me} />
              ) : (
                <p className="oj-home-secondary oj-home-empty">
                  <Link to="/user/login">登陆</Link> 后可以看到自己的做题进度和上次做到的题目。
                </p>
              )}
            </Section>
            <Section order={7} title="Rating 排行榜" more={{ to: '/competition/rank', label: '完整榜单' }}>
              <Top users={d.top} />
            </Section>
            <Section order={8} title="第一次来？">
              <p className="oj-home-secondary" style={{ margin: 0 }}>
                先注册一个账号，在个人中心完善资料；把鼠标移到页面底部可以打开设置换背景。想了解评测规则和支持的语言，请看
                <Link to="/introduction">网站介绍</Link>；更多小工具在 <Link to="/special">Byte专栏</Link>。
              </p>
            </Section>
          </div>
        </div>
      )}
    </div>
  );
}
