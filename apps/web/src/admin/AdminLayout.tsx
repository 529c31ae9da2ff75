import { useEffect } from 'react';
import { Avatar, Button, Layout, Menu, Space, Typography } from 'antd';
import { CrownOutlined, FileTextOutlined, FunctionOutlined, HomeOutlined, LogoutOutlined, TeamOutlined, TrophyOutlined } from '@ant-design/icons';
import { Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { DEFAULT_AVATAR, PRODUCT_NAME } from '../config';
import { logout } from '../api/users';
import { useUserStore } from '../stores/user';
import { setRouterNavigate } from '../lib/navigate';
import RoleTag from './RoleTag';
import { notify } from '../lib/notify';

/** Menu of the pages that exist; later features add their entries here (题目管理, 比赛管理, …). */
function menuItems(isBoss: boolean) {
  return [
    { key: '/users', icon: <TeamOutlined />, label: '用户管理' },
    { key: '/problems', icon: <FileTextOutlined />, label: '题目管理' },
    { key: '/math408', icon: <FunctionOutlined />, label: '数学/408 题目' },
    { key: '/competitions', icon: <TrophyOutlined />, label: '比赛管理' },
    ...(isBoss ? [{ key: '/admins', icon: <CrownOutlined />, label: '管理员管理' }] : []),
  ];
}

export default function AdminLayout() {
  const user = useUserStore((s) => s.user);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const matches = useMatches();
  const title = (matches[matches.length - 1]?.handle as { title?: string } | undefined)?.title;

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
    setTimeout(() => window.location.assign('/admin/login'), 500);
  };

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider width={208}>
        <div className="adm-brand">
          <img src="/favicon.svg" alt="" width={26} height={26} />
          管理中心
        </div>
        <Menu
          theme="dark"
          mode="inline"
          selectedKeys={['/' + (pathname.split('/')[1] ?? '')]}
          items={menuItems(user.is_boss)}
          onClick={({ key }) => navigate(key)}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header className="adm-header">
          <Typography.Text strong>{title ?? '管理中心'}</Typography.Text>
          <Space size="middle">
            <Button type="link" icon={<HomeOutlined />} href="/" target="_blank">
              返回前台
            </Button>
            <Space>
              <Avatar src={user.avatar || DEFAULT_AVATAR} size="small" />
              <span data-testid="admin-name">{user.username || user.account}</span>
              <RoleTag role={user.role} isBoss={user.is_boss} />
            </Space>
            <Button icon={<LogoutOutlined />} onClick={doLogout}>
              退出登陆
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
