import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { CloseOutlined, SettingOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '../config';
import { useLayoutStore } from '../stores/layout';
import SearchBox from './SearchBox';
import { MORE_LINKS, NAV_LINKS } from './nav';

interface Props {
  open: boolean;
  onClose(): void;
  /** The top link of the current page (layout/nav activeNavKey). */
  active: string;
}

/**
 * The top bar's links on a phone (below 768 px the bar keeps only the brand, this drawer's button
 * and the avatar): the keyword box, the links, the 更多 entries and 设置, in a panel sliding in from
 * the left. A few lines of our own like HoverMenu: antd's Drawer would join every first load.
 * Closes on a choice, the backdrop, Escape or the close button; focus moves in and back out.
 * Rendered into <body>: the bar's backdrop-filter would make it the box of any fixed child.
 */
export default function NavDrawer({ open, onClose, active }: Props) {
  const panel = useRef<HTMLDivElement>(null);
  const setSettingsOpen = useLayoutStore((s) => s.setSettingsOpen);

  useEffect(() => {
    if (!open) return;
    const before = document.activeElement as HTMLElement | null;
    panel.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    // The page under the drawer stays where it is.
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      before?.focus?.();
    };
  }, [open, onClose]);

  if (!open) return null;
  const link = (l: { path: string; label: string }) => (
    <Link
      key={l.path}
      to={l.path}
      className={`oj-drawer-link${l.path === active ? ' oj-drawer-link-active' : ''}`}
      aria-current={l.path === active ? 'page' : undefined}
      onClick={onClose}
    >
      {l.label}
    </Link>
  );

  return createPortal(
    <div className="oj-drawer-root">
      <div className="oj-drawer-mask" onClick={onClose} aria-hidden="true" />
      <div
        ref={panel}
        className="oj-drawer"
        role="dialog"
        aria-modal="true"
        aria-label="导航"
        tabIndex={-1}
        data-testid="nav-drawer"
      >
        <div className="oj-drawer-head">
          <Link to="/home" className="oj-brand" onClick={onClose}>
            <img src="/favicon.svg" alt="" width={28} height={28} />
            <span>{PRODUCT_NAME}</span>
          </Link>
          <button type="button" className="oj-drawer-close" aria-label="关闭导航" onClick={onClose}>
            <CloseOutlined />
          </button>
        </div>
        {/* Searching navigates; the path change closes the drawer (TopNav). */}
        <SearchBox className="oj-drawer-search" />
        <nav aria-label="主导航">
          {NAV_LINKS.map(link)}
          <div className="oj-drawer-group">更多</div>
          {MORE_LINKS.map((l) =>
            l.disabled ? (
              <span key={l.path} className="oj-drawer-link oj-drawer-link-disabled" aria-disabled="true">
                {l.label}
              </span>
            ) : (
              link(l)
            ),
          )}
        </nav>
        <button
          type="button"
          className="oj-drawer-link oj-drawer-settings"
          onClick={() => {
            onClose();
            setSettingsOpen(true);
          }}
        >
          <SettingOutlined /> 设置
        </button>
      </div>
    </div>,
    document.body,
  );
}
