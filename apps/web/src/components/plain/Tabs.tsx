import { useState, type ReactNode } from 'react';
import TabBar from './TabBar';

export interface TabItem {
  key: string;
  label: ReactNode;
  children: ReactNode;
}

/**
 * Tabs whose panes stay mounted once shown, as antd's Tabs keep them (a statement keeps its scroll,
 * a half-typed custom input its text), drawn with the plain TabBar: the solving pages' first load
 * then carries none of antd's Tabs (rc-tabs, its overflow menu, motion).
 */
export default function Tabs({
  items,
  activeKey,
  onChange,
  extra,
  'aria-label': label,
}: {
  items: TabItem[];
  activeKey: string;
  onChange: (key: string) => void;
  /** Beside the tabs on the right (antd's tabBarExtraContent); below them on a narrow screen. */
  extra?: ReactNode;
  'aria-label'?: string;
}) {
  const [shown, setShown] = useState<ReadonlySet<string>>(() => new Set([activeKey]));
  // Remembered during render, as the pane is drawn in this same render.
  if (!shown.has(activeKey)) setShown(new Set(shown).add(activeKey));
  const bar = <TabBar items={items} activeKey={activeKey} onChange={onChange} aria-label={label} />;
  return (
    <div className="oj-tabs">
      {extra ? (
        <div className="oj-tabs-nav">
          {bar}
          <div className="oj-tabs-extra">{extra}</div>
        </div>
      ) : (
        bar
      )}
      {items.map((t) =>
        t.key === activeKey || shown.has(t.key) ? (
          <div key={t.key} role="tabpanel" hidden={t.key !== activeKey}>
            {t.children}
          </div>
        ) : null,
      )}
    </div>
  );
}
