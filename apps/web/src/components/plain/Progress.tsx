import type { CSSProperties, ReactNode } from 'react';

/**
 * A progress line in antd Progress's look (the bar, then the percentage or `format`'s text). antd's
 * also draws circles and dashboards, ~5 KB brotli that a list of plans or homework does not use.
 */
export default function Progress({
  percent,
  size = 'default',
  format,
  showInfo = true,
  status,
  className,
  style,
  'data-testid': testId,
}: {
  percent: number;
  size?: 'small' | 'default';
  /** The text beside the bar (default: the percentage). */
  format?: (percent: number) => ReactNode;
  showInfo?: boolean;
  /** As antd's: green when done (or told success), red for exception. */
  status?: 'success' | 'exception' | 'normal' | 'active';
  className?: string;
  style?: CSSProperties;
  'data-testid'?: string;
}) {
  const p = Math.max(0, Math.min(100, Math.round(percent)));
  const tone = status === 'exception' ? 'exception' : status === 'success' || p >= 100 ? 'success' : 'normal';
  const classes = ['oj-progress', `oj-progress-${tone}`];
  if (size === 'small') classes.push('oj-progress-small');
  if (className) classes.push(className);
  return (
    <div className={classes.join(' ')} style={style} data-testid={testId}>
      <div
        className="oj-progress-rail"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={p}
      >
        <div className="oj-progress-bar" style={{ width: `${p}%` }} />
      </div>
      {showInfo && <span className="oj-progress-text">{format ? format(p) : `${p}%`}</span>}
    </div>
  );
}
