import { Menu, type MenuProps } from 'antd';
import { Link, useLocation, useNavigate } from 'react-router';
import { PRODUCT_NAME } from '../config';
import AvatarMenu from './AvatarMenu';
import SearchBox from './SearchBox';
import { activeNavKey, MORE_LINKS, NAV_LINKS } from './nav';

/** The top bar: brand, the links of SPEC §2 with the 更多 menu, the keyword box and the avatar menu. */
export default function TopNav() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const items: MenuProps['items'] = [
    ...NAV_LINKS.map((l) => ({ key: l.path, label: l.label })),
    {
      key: 'more',
      label: '更多',
      children: MORE_LINKS.map((l) => ({ key: l.path, label: l.label, disabled: l.disabled })),
    },
  ];
  return (
    <header className="oj-topnav">
      <Link to="/home" className="oj-brand">
        <img src="/favicon.svg" alt="" width={28} height={28} />
        <span>{PRODUCT_NAME}</span>
      </Link>
      <Menu
        className="oj-topnav-menu"
        mode="horizontal"
        selectedKeys={[activeNavKey(pathname)]}
        items={items}
        onClick={({ key }) => navigate(key)}
      />
      <div className="oj-topnav-right">
        <SearchBox />
        <AvatarMenu />
      </div>
    </header>
  );
}
