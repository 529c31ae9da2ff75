import {
  BellOutlined,
  LoginOutlined,
  LogoutOutlined,
  SettingOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { Role } from '../lib/contract';
import { DEFAULT_AVATAR, LOGOUT_RELOAD_DELAY_MS } from '../config';
import { logout } from '../api/users';
import { isLoggedIn, useUserStore } from '../stores/user';
import { useUnreadFeed, useUnreadStore } from '../stores/notifications';
import { notify, toastsOnScreen } from '../lib/notify';
import RatingName from '../components/rating/RatingName';
import HoverMenu, { type HoverMenuEntry } from './HoverMenu';

/** SPEC §2: 管理中心 for role 2 only (new tab), 个人中心 and 退出登陆 when logged in, 登陆/注册 otherwise. */
export default function AvatarMenu() {
  const user = useUserStore((s) => s.user);
  const clear = useUserStore((s) => s.clear);
  const navigate = useNavigate();
  const loggedIn = isLoggedIn(user);
  useUnreadFeed(loggedIn ? user.uuid : null);
  const unread = useUnreadStore((s) => s.count);
  const unreadText = unread > 99 ? '99+' : String(unread);

  const doLogout = async () => {
    try {
      await logout(); // resolves only on code 0; failures were toasted by the client
    } catch {
      return;
    }
    notify.success('已退出登陆');
    // SPEC §4: wait 500 ms so the toast is seen, forget the user, reload to the home page. The
    // 500 ms count from when the toast is on screen (the toast code may still be downloading).
    await toastsOnScreen();
    setTimeout(() => {
      clear();
      window.location.assign('/');
    }, LOGOUT_RELOAD_DELAY_MS);
  };

  const entries: HoverMenuEntry[] = loggedIn
    ? [
        ...(user.role === Role.Admin ? [{ key: 'admin', icon: <SettingOutlined />, label: '管理中心' }] : []),
        { key: 'center', icon: <UserOutlined />, label: '个人中心' },
        {
          key: 'notifications',
          icon: <BellOutlined />,
          label: (
            <span className="oj-menu-notifications">
              我的消息
              {unread > 0 && (
                <span className="oj-unread-count" data-testid="unread-menu-count">
                  {unreadText}
                </span>
              )}
            </span>
          ),
        },
        { type: 'divider', key: 'divider' },
        { key: 'logout', icon: <LogoutOutlined />, label: '退出登陆', danger: true },
      ]
    : [{ key: 'login', icon: <LoginOutlined />, label: '登陆/注册' }];

  const onSelect = (key: string) => {
    if (key === 'admin') window.open('/admin/', '_blank', 'noopener');
    else if (key === 'center') navigate('/user');
    else if (key === 'notifications') navigate('/notifications');
    else if (key === 'logout') void doLogout();
    else if (key === 'login') navigate('/user/login');
  };

  return (
    <HoverMenu
      align="right"
      triggerClassName="oj-avatar-trigger"
      data-testid="avatar-menu"
      entries={entries}
      onSelect={onSelect}
      trigger={
        <>
          {/* A plain round <img> looks like antd's Avatar at this size and keeps Avatar out of the shell. */}
          <span className="oj-avatar-wrap">
            <img className="oj-avatar" src={user.avatar || DEFAULT_AVATAR} alt="" width={34} height={34} />
            {loggedIn && unread > 0 && (
              <span
                className="oj-unread-badge"
                data-testid="unread-badge"
                aria-label={`${unreadText} 条未读消息`}
              >
                {unreadText}
              </span>
            )}
          </span>
          <span className="oj-avatar-name">
            {loggedIn ? (
              <RatingName name={user.username || user.account} rating={user.rating} rated={user.rated} />
            ) : (
              '未登录'
            )}
          </span>
        </>
      }
    />
  );
}
