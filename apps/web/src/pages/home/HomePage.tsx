import { Button, Card, Col, Row, Space, Typography } from 'antd';
import { BookOutlined, CodeOutlined, ReadOutlined, TrophyOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { PRODUCT_NAME } from '../../config';
import { isLoggedIn, useUserStore } from '../../stores/user';

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

/** /home: what the site is and where to go next. */
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
        <Space size="middle" style={{ marginTop: 12 }}>
          <Button size="large" onClick={() => navigate('/problems')}>
            开始刷题
          </Button>
          {!loggedIn && (
            <Button size="large" ghost onClick={() => navigate('/user/login')}>
              登陆 / 注册
            </Button>
          )}
        </Space>
      </section>
      <Row gutter={[20, 20]} style={{ marginTop: 24 }}>
        {SECTIONS.map((s) => (
          <Col xs={24} md={8} key={s.to}>
            <Card className="oj-feature-card" hoverable onClick={() => navigate(s.to)}>
              <Typography.Title level={4}>
                <Space>
                  {s.icon}
                  {s.title}
                </Space>
              </Typography.Title>
              <Typography.Paragraph type="secondary">{s.text}</Typography.Paragraph>
              <Button type="link" style={{ padding: 0 }}>
                {s.action} →
              </Button>
            </Card>
          </Col>
        ))}
      </Row>
      <Card style={{ marginTop: 20 }}>
        <Space align="start">
          <BookOutlined style={{ fontSize: 20, color: '#1677ff', marginTop: 4 }} />
          <div>
            <Typography.Title level={5} style={{ marginTop: 0 }}>
              第一次来？
            </Typography.Title>
            <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
              先注册一个账号，在个人中心完善资料；把鼠标移到页面底部可以打开设置，换一张喜欢的背景图片。想了解更多，请看
              <Typography.Link onClick={() => navigate('/introduction')}>网站介绍</Typography.Link>。
            </Typography.Paragraph>
          </div>
        </Space>
      </Card>
    </div>
  );
}
