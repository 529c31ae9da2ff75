import type { ReactNode } from 'react';

/**
 * A hover hint drawn by CSS (.oj-tip in styles.css), looking like antd's Tooltip above the element.
 * antd's Tooltip brings rc-trigger and, through its context isolation, all of rc-form (~20 KB gzip)
 * into a page's first load; short fixed hints in tables and the top bar do not need that.
 */
export default function Tip({
  title,
  wide = false,
  children,
}: {
  title: string;
  /** A sentence rather than a few words: wraps at 250 px as antd's Tooltip does. */
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <span className={wide ? 'oj-tip oj-tip-wide' : 'oj-tip'} data-tip={title}>
      {children}
    </span>
  );
}
