import type { CSSProperties } from 'react';

/**
 * A loading placeholder in antd Skeleton's look (a title bar, paragraph bars, optionally a round
 * avatar), drawn by CSS. antd's Skeleton module (with its Button/Input/Image/Node variants and
 * CSS-in-JS styles, ~4 KB brotli) would join the first load of every page that waits for data.
 */
export default function Skeleton({
  active,
  avatar,
  paragraph,
  className,
  style,
  ...rest
}: {
  active?: boolean;
  avatar?: boolean;
  paragraph?: { rows?: number };
  className?: string;
  style?: CSSProperties;
  [data: `data-${string}`]: string | number | undefined;
}) {
  // antd's default: three paragraph rows, two beside an avatar.
  const rows = paragraph?.rows ?? (avatar ? 2 : 3);
  return (
    <div
      className={`oj-skeleton${active ? ' oj-skeleton-active' : ''}${className ? ` ${className}` : ''}`}
      style={style}
      role="status"
      aria-label="加载中"
      aria-busy="true"
      {...rest}
    >
      {avatar && <span className="oj-skeleton-avatar" />}
      <div className="oj-skeleton-content">
        <span className="oj-skeleton-title" />
        {Array.from({ length: rows }, (_, i) => (
          <span
            key={i}
            className="oj-skeleton-row"
            style={i === rows - 1 && rows > 1 ? { width: '61%' } : undefined}
          />
        ))}
      </div>
    </div>
  );
}
