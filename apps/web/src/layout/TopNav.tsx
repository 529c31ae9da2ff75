import { useCallback, useEffect, useState } from 'react';
import { MenuOutlined } from '@ant-design/icons';
import { Link, useLocation } from 'react-router';
import { PRODUCT_NAME } from '../config';
import AvatarMenu from './AvatarMenu';
import HoverMenu from './HoverMenu';
import NavDrawer from './NavDrawer';
import SearchBox from './SearchBox';
import { activeNavKey, MORE_LINKS, NAV_LINKS } from './nav';

/**
 * The top bar: brand, the links of SPEC §2 with the 更多 menu, the keyword box and the avatar menu.
 * Plain links styled like antd's horizontal Menu (antd's Menu cost about 15 KB gzip of first load).
 * Below 768 px (styles.css) the links and the box move into a drawer behind the ☰ button.
 */
export default function TopNav() {
  const { pathname, search } = useLocation();
  const active = activeNavKey(pathname);
  const moreActive = MORE_LINKS.some((l) => l.path === active);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  // Any navigation (a link, a search) ends with the drawer closed.
  useEffect(closeDrawer, [pathname, search, closeDrawer]);
  return (
    <header className="oj-topnav">
      <button
        type="button"
        className="oj-nav-toggle"
        aria-label="打开导航"
        aria-expanded={drawerOpen}
        onClick={() => setDrawerOpen(true)}
      >
        <MenuOutlined />
      </button>
      <Link to="/home" className="oj-brand">
        <img src="/favicon.svg" alt="" width={28} height={28} />
        <span>{PRODUCT_NAME}</span>
      </Link>
      <nav className="oj-topnav-menu" aria-label="主导航">
        {NAV_LINKS.map((l) => (
          <Link
            key={l.path}
            to={l.path}
            className={`oj-nav-item${l.path === active ? ' oj-nav-active' : ''}`}
            aria-current={l.path === active ? 'page' : undefined}
          >
            {l.label}
          </Link>
        ))}
        <HoverMenu
          align="left"
          triggerClassName={`oj-nav-item${moreActive ? ' oj-nav-active' : ''}`}
          trigger="更多"
          entries={MORE_LINKS.map((l) => ({
            key: l.path,
            label: l.label,
            to: l.path,
            disabled: l.disabled,
            selected: l.path === active,
          }))}
        />
      </nav>
      <div className="oj-topnav-right">
        <SearchBox />
        <AvatarMenu />
      </div>
      <NavDrawer open={drawerOpen} onClose={closeDrawer} active={active} />
    </header>
  );
}
