import type { ReactNode } from 'react';

/**
 * A row of tabs in antd Tabs' look (the active one blue, underlined) for pages whose tabs only
 * switch what a list shows; the page renders the content itself. antd's Tabs (its overflow menu,
 * touch scrolling and animations, ~11 KB brotli) stays where panes are kept mounted.
 */
export default function TabBar({
  items,
  activeKey,
  onChange,
  className,
  'aria-label': label,
}: {
  items: { key: string; label: ReactNode }[];
  activeKey: string;
  onChange: (key: string) => void;
  className?: string;
  'aria-label'?: string;
}) {
  return (
    <div className={className ? `oj-tabbar ${className}` : 'oj-tabbar'} role="tablist" aria-label={label}>
      {items.map((t) => (
        <button
          key={t.key}
          type="button"
          role="tab"
          aria-selected={t.key === activeKey}
          className={`oj-tabbar-tab${t.key === activeKey ? ' oj-tabbar-active' : ''}`}
          onClick={() => onChange(t.key)}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}
