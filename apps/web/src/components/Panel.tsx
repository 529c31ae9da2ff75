import type { ReactNode } from 'react';

/**
 * A titled box like antd's Card (title left, actions right, body below). antd's Card imports its
 * Tabs for `tabList` (~11 KB brotli), which a list page that only needs the frame should not load.
 */
export default function Panel({
  title,
  extra,
  children,
  className,
  'data-testid': testId,
}: {
  title: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
  className?: string;
  'data-testid'?: string;
}) {
  return (
    <section className={`oj-card ${className ?? ''}`} data-testid={testId}>
      <header className="oj-card-head">
        <h2 className="oj-card-title">{title}</h2>
        {extra && <div className="oj-card-extra">{extra}</div>}
      </header>
      <div className="oj-card-body">{children}</div>
    </section>
  );
}
