import type { ReactNode } from 'react';

/**
 * A hover hint drawn by CSS (.oj-tip in styles.css), looking like antd's Tooltip above the element.
 * antd's Tooltip brings rc-trigger and, through its context isolation, all of rc-form (~20 KB gzip)
 * into a page's first load; short fixed hints in tables and the top bar do not need that.
 */
export default function Tip({
  title,
  wide = false,
  below = false,
  children,
}: {
  title: string;
  /** A sentence rather than a few words: wraps at 250 px as antd's Tooltip does. */
  wide?: boolean;
  /**
   * Under the element, its right edges aligned: for hints at the top right of a scrolling box,
   * where a hint above would be cut off (antd's Tooltip draws outside the box; this one cannot).
   */
  below?: boolean;
  children: ReactNode;
}) {
  const className = `oj-tip${wide ? ' oj-tip-wide' : ''}${below ? ' oj-tip-below' : ''}`;
  return (
    <span className={className} data-tip={title}>
      {children}
    </span>
  );
}
