import { LoginOutlined, LogoutOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { Role } from '../lib/contract';
import { DEFAULT_AVATAR, LOGOUT_RELOAD_DELAY_MS } from '../config';
import { logout } from '../api/users';
import { isLoggedIn, useUserStore } from '../stores/user';
import { notify } from '../lib/notify';
import RatingName from '../components/rating/RatingName';
import HoverMenu, { type HoverMenuEntry } from './HoverMenu';

/** SPEC §2: 管理中心 for role 2 only (new tab), 个人中心 and 退出登陆 when logged in, 登陆/注册 otherwise. */
export default function AvatarMenu() {
  const user = useUserStore((s) => s.user);
  const clear = useUserStore((s) => s.clear);
  const navigate = useNavigate();
  const loggedIn = isLoggedIn(user);

  const doLogout = async () => {
    try {
      await logout(); // resolves only on code 0; failures were toasted by the client
    } catch {
      return;
    }
    notify.success('已退出登陆');
    // SPEC §4: wait 500 ms so the toast is seen, forget the user, reload to the home page.
    setTimeout(() => {
      clear();
      window.location.assign('/');
    }, LOGOUT_RELOAD_DELAY_MS);
  };

  const entries: HoverMenuEntry[] = loggedIn
    ? [
        ...(user.role === Role.Admin ? [{ key: 'admin', icon: <SettingOutlined />, label: '管理中心' }] : []),
        { key: 'center', icon: <UserOutlined />, label: '个人中心' },
        { type: 'divider', key: 'divider' },
        { key: 'logout', icon: <LogoutOutlined />, label: '退出登陆', danger: true },
      ]
    : [{ key: 'login', icon: <LoginOutlined />, label: '登陆/注册' }];

  const onSelect = (key: string) => {
    if (key === 'admin') window.open('/admin/', '_blank', 'noopener');
    else if (key === 'center') navigate('/user');
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
          <img className="oj-avatar" src={user.avatar || DEFAULT_AVATAR} alt="" width={34} height={34} />
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
