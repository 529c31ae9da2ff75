import { Button } from 'antd';
import { BookOutlined, CodeOutlined, ReadOutlined, TrophyOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { PRODUCT_NAME } from '../../config';
import { isLoggedIn, useUserStore } from '../../stores/user';
import './home.css';

const SECTIONS = [
  {
    icon: <CodeOutlined />,
    title: '题库',
    text: '按标签、难度和来源筛选算法题，在线编写代码并提交评测，支持 C、C++、Python3、Java、Go 和 JavaScript。',
    to: '/problems',
    action: '去刷题',
  },
  {
    icon: <TrophyOutlined />,
    title: '竞赛',
    text: '参加限时比赛，实时查看排名与 Rating 变化；也可以自己创建编程、数学或 408 比赛。',
    to: '/competition',
    action: '看比赛',
  },
  {
    icon: <ReadOutlined />,
    title: '学习',
    text: '跟随学习计划和课程循序渐进，从语言基础到数据结构与算法，一步步打牢基础。',
    to: '/study',
    action: '去学习',
  },
];

/**
 * /home: what the site is and where to go next. Cards, titles and the grid are plain elements styled
 * like antd's Card, Typography and Row/Col (home.css): antd's Card brought Tabs and rc-menu, and
 * Typography brought Input, about 45 KB gzip of this page's first load.
 */
export default function HomePage() {
  const navigate = useNavigate();
  const user = useUserStore((s) => s.user);
  const loggedIn = isLoggedIn(user);
  return (
    <div className="oj-container" data-testid="home-page">
      <section className="oj-hero">
        <h1>{loggedIn ? `欢迎回来，${user.username || user.account}` : `欢迎来到 ${PRODUCT_NAME}`}</h1>
        <p>
          {PRODUCT_NAME} 是面向高校实验室同学和编程爱好者的在线评测与学习平台：刷算法题、练数学与 408
          考研题、参加比赛、写题解、和同伴交流。
        </p>
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
      </section>
      <div className="oj-home-features">
        {SECTIONS.map((s) => (
          <div key={s.to} className="oj-home-card oj-home-card-hoverable" onClick={() => navigate(s.to)}>
            <h4 className="oj-home-title">
              {s.icon}
              {s.title}
            </h4>
            <p className="oj-home-secondary oj-home-paragraph">{s.text}</p>
            <Button type="link" style={{ padding: 0 }}>
              {s.action} →
            </Button>
          </div>
        ))}
      </div>
      <div className="oj-home-card" style={{ marginTop: 20 }}>
        <div className="oj-home-first-visit">
          <BookOutlined style={{ fontSize: 20, color: '#1677ff', marginTop: 4 }} />
          <div>
            <h5 className="oj-home-title oj-home-title-5">第一次来？</h5>
            <p className="oj-home-secondary" style={{ margin: 0 }}>
              先注册一个账号，在个人中心完善资料；把鼠标移到页面底部可以打开设置，换一张喜欢的背景图片。想了解更多，请看
              <Link to="/introduction">网站介绍</Link>。
            </p>
          </div>
        </div>
      </div>
    </div>
  );
}
