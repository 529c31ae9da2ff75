import type { CSSProperties, ReactNode } from 'react';

const SIMPLE = 'simple';

/**
 * "Nothing here" in antd Empty's look: a drawn tray, a grey description, optional actions below.
 * antd's Empty (two SVG illustrations and CSS-in-JS styles) would join the first load of every list.
 * `image={Empty.PRESENTED_IMAGE_SIMPLE}` gives the small tray, as in antd.
 */
export default function Empty({
  description = '暂无数据',
  image,
  children,
  className,
  style,
  ...rest
}: {
  description?: ReactNode;
  image?: typeof SIMPLE;
  children?: ReactNode;
  className?: string;
  style?: CSSProperties;
  [data: `data-${string}`]: string | number | undefined;
}) {
  const simple = image === SIMPLE;
  return (
    <div
      className={`oj-empty${simple ? ' oj-empty-simple' : ''}${className ? ` ${className}` : ''}`}
      style={style}
      {...rest}
    >
      <svg className="oj-empty-image" viewBox="0 0 64 44" aria-hidden="true">
        <ellipse cx="32" cy="37" rx="30" ry="6" fill="#f5f5f5" />
        <path d="M9 16 17 6h30l8 10v18H9z" fill="#fafafa" stroke="#d9d9d9" />
        <path d="M9 16h14a9 5 0 0 0 18 0h14" fill="none" stroke="#d9d9d9" />
      </svg>
      {description !== false && <div className="oj-empty-description">{description}</div>}
      {children && <div className="oj-empty-footer">{children}</div>}
    </div>
  );
}
Empty.PRESENTED_IMAGE_SIMPLE = SIMPLE as typeof SIMPLE;
