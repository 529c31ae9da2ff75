import { useEffect, useState } from 'react';
import { Avatar, Button, Drawer, Layout, Menu, Space, Tag, Typography } from 'antd';
import {
  AccountBookOutlined,
  AlertOutlined,
  AudioMutedOutlined,
  CodeOutlined,
  CommentOutlined,
  CrownOutlined,
  FileTextOutlined,
  FunctionOutlined,
  HomeOutlined,
  LogoutOutlined,
  MenuOutlined,
  NotificationOutlined,
  ReadOutlined,
  TeamOutlined,
  TrophyOutlined,
  QuestionCircleOutlined,
  DiffOutlined,
  ApartmentOutlined,
} from '@ant-design/icons';
import { Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { DEFAULT_AVATAR, LOGOUT_RELOAD_DELAY_MS, PRODUCT_NAME } from '../config';
import { Role } from '../lib/contract';
import { logout } from '../api/users';
import { useUserStore } from '../stores/user';
import { setRouterNavigate } from '../lib/navigate';
import RoleTag from './RoleTag';
import { notify, toastsOnScreen } from '../lib/notify';

/**
 * Menu of the pages that exist; later features add their entries here (题目管理, 比赛管理, …).
 * A teacher who is not an administrator (issue 27 part 3) sees 题目管理 only: its class problems.
 */
function menuItems(isBoss: boolean, teacherOnly: boolean) {
  if (teacherOnly) return [{ key: '/problems', icon: <FileTextOutlined />, label: '题目管理' }];
  return [
    { key: '/users', icon: <TeamOutlined />, label: '用户管理' },
    { key: '/problems', icon: <FileTextOutlined />, label: '题目管理' },
    { key: '/math408', icon: <FunctionOutlined />, label: '数学/408 题目' },
    { key: '/competitions', icon: <TrophyOutlined />, label: '比赛管理' },
    { key: '/clarifications', icon: <QuestionCircleOutlined />, label: '答疑管理' },
    { key: '/similarity', icon: <DiffOutlined />, label: '代码查重' },
    { key: '/posts', icon: <CommentOutlined />, label: '帖子管理' },
    { key: '/courses', icon: <ReadOutlined />, label: '课程管理' },
    { key: '/classes', icon: <ApartmentOutlined />, label: '班级' },
    { key: '/reports', icon: <AlertOutlined />, label: '举报处理' },
    { key: '/mutes', icon: <AudioMutedOutlined />, label: '禁言用户' },
    { key: '/orders', icon: <AccountBookOutlined />, label: '订单管理' },
    { key: '/announcements', icon: <NotificationOutlined />, label: '公告管理' },
    { key: '/languages', icon: <CodeOutlined />, label: '评测语言' },
    ...(isBoss ? [{ key: '/admins', icon: <CrownOutlined />, label: '管理员管理' }] : []),
  ];
}

export default function AdminLayout() {
  const user = useUserStore((s) => s.user);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const matches = useMatches();
  const title = (matches[matches.length - 1]?.handle as { title?: string } | undefined)?.title;
  // Phones (below 768 px, admin.css): the menu lives in a drawer behind the header's ☰ button.
  const [drawerOpen, setDrawerOpen] = useState(false);

  useEffect(() => {
    document.title = `${title ? `${title} - ` : ''}管理中心 - ${PRODUCT_NAME}`;
  }, [title]);

  useEffect(() => {
    setRouterNavigate((to) => void navigate(to));
    return () => setRouterNavigate(null);
  }, [navigate]);

  const doLogout = async () => {
    try {
      await logout();
    } catch {
      return;
    }
    notify.success('已退出登陆');
    await toastsOnScreen(); // see the user site's AvatarMenu
    setTimeout(() => window.location.assign('/admin/login'), LOGOUT_RELOAD_DELAY_MS);
  };

  const menu = (
    <Menu
      theme="dark"
      mode="inline"
      selectedKeys={['/' + (pathname.split('/')[1] ?? '')]}
      items={menuItems(user.is_boss, user.role !== Role.Admin)}
      onClick={({ key }) => {
        setDrawerOpen(false);
        navigate(key);
      }}
    />
  );
  const brand = (
    <div className="adm-brand">
      <img src="/favicon.svg" alt="" width={26} height={26} />
      管理中心
    </div>
  );

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider width={208} className="adm-sider">
        {brand}
        {menu}
      </Layout.Sider>
      <Drawer
        placement="left"
        size={240}
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        closable={false}
        styles={{ body: { padding: 0, background: '#001529' } }}
      >
        <div data-testid="admin-drawer">
          {brand}
          {menu}
        </div>
      </Drawer>
      <Layout>
        <Layout.Header className="adm-header">
          <div className="adm-header-title">
            <Button
              type="text"
              className="adm-menu-toggle"
              icon={<MenuOutlined />}
              aria-label="打开菜单"
              onClick={() => setDrawerOpen(true)}
            />
            <Typography.Text strong ellipsis>
              {title ?? '管理中心'}
            </Typography.Text>
          </div>
          <Space size="middle">
            <Button type="link" icon={<HomeOutlined />} href="/" target="_blank" aria-label="返回前台">
              <span className="adm-hide-phone">返回前台</span>
            </Button>
            <Space>
              <Avatar src={user.avatar || DEFAULT_AVATAR} size="small" />
              <span data-testid="admin-name" className="adm-hide-phone">
                {user.username || user.account}
              </span>
              <span className="adm-hide-phone">
                {user.role === Role.Admin ? (
                  <RoleTag role={user.role} isBoss={user.is_boss} />
                ) : (
                  <Tag color="cyan">教师</Tag>
                )}
              </span>
            </Space>
            <Button icon={<LogoutOutlined />} onClick={doLogout} aria-label="退出登陆">
              <span className="adm-hide-phone">退出登陆</span>
            </Button>
          </Space>
        </Layout.Header>
        <Layout.Content className="adm-content">
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
