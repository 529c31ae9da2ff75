import type { CSSProperties, KeyboardEventHandler, MouseEventHandler, ReactNode } from 'react';
import Skeleton from './Skeleton';

/**
 * A box with an optional title row, in antd Card's look (panel.css). antd's Card imports its Tabs
 * for `tabList`, and they their Menu and Dropdown: ~20 KB brotli on every page with a card. The props
 * are the part of antd's the user site passes, so a page switches by its import alone.
 */
export interface CardProps {
  title?: ReactNode;
  extra?: ReactNode;
  size?: 'small' | 'default';
  hoverable?: boolean;
  /** A skeleton in place of the body. */
  loading?: boolean;
  /** An image (or any block) above the body, edge to edge. */
  cover?: ReactNode;
  className?: string;
  style?: CSSProperties;
  id?: string;
  role?: string;
  tabIndex?: number;
  onClick?: MouseEventHandler<HTMLDivElement>;
  onKeyDown?: KeyboardEventHandler<HTMLDivElement>;
  children?: ReactNode;
  /** data-* attributes pass through to the element, as with antd. */
  [data: `data-${string}`]: string | number | undefined;
}

function Card({ title, extra, size, hoverable, loading, cover, className, children, ...rest }: CardProps) {
  const classes = ['oj-card'];
  if (size === 'small') classes.push('oj-card-small');
  if (hoverable) classes.push('oj-card-hoverable');
  if (className) classes.push(className);
  return (
    <div className={classes.join(' ')} {...rest}>
      {(title || extra) && (
        <div className="oj-card-head">
          {title && <div className="oj-card-title">{title}</div>}
          {extra && <div className="oj-card-extra">{extra}</div>}
        </div>
      )}
      {cover && <div className="oj-card-cover">{cover}</div>}
      <div className="oj-card-body">{loading ? <Skeleton active /> : children}</div>
    </div>
  );
}

/** antd's Card.Meta: an avatar beside a title and a description. */
function Meta({
  avatar,
  title,
  description,
  className,
}: {
  avatar?: ReactNode;
  title?: ReactNode;
  description?: ReactNode;
  className?: string;
}) {
  return (
    <div className={className ? `oj-card-meta ${className}` : 'oj-card-meta'}>
      {avatar && <div className="oj-card-meta-avatar">{avatar}</div>}
      <div className="oj-card-meta-detail">
        {title && <div className="oj-card-meta-title">{title}</div>}
        {description && <div className="oj-card-meta-description">{description}</div>}
      </div>
    </div>
  );
}

export default Object.assign(Card, { Meta });
