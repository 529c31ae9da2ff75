import type { CSSProperties, KeyboardEvent, ReactNode } from 'react';

/** antd's preset colours and status colours: each has a class in tag.css (light background, darker text). */
const PRESETS = new Set([
  'blue',
  'purple',
  'cyan',
  'green',
  'magenta',
  'pink',
  'red',
  'orange',
  'yellow',
  'volcano',
  'geekblue',
  'lime',
  'gold',
  'success',
  'processing',
  'error',
  'warning',
  'default',
]);

export interface TagProps {
  /** A preset name (antd's list) or any CSS colour (then a solid label with white text, as antd). */
  color?: string;
  icon?: ReactNode;
  bordered?: boolean;
  closable?: boolean;
  onClose?: () => void;
  /** The close button's name for screen readers and tests. */
  closeLabel?: string;
  title?: string;
  className?: string;
  style?: CSSProperties;
  children?: ReactNode;
  /** data-* attributes pass through to the element, as with antd. */
  [data: `data-${string}`]: string | number | undefined;
}

/**
 * A label in antd Tag's look, for the user site's first loads. antd's Tag brings its checkable
 * group, colour hooks and CSS-in-JS styles (~4 KB brotli) into every page that shows a label; this is
 * a span and a stylesheet. The props are the part of antd's that the sites use.
 */
export function Tag({
  color,
  icon,
  bordered = true,
  closable,
  onClose,
  closeLabel = '移除',
  title,
  className,
  style,
  children,
  ...rest
}: TagProps) {
  const preset = color === undefined || PRESETS.has(color);
  const classes = ['oj-tag', `oj-tag-${preset ? (color ?? 'default') : 'custom'}`];
  if (!bordered) classes.push('oj-tag-borderless');
  if (className) classes.push(className);
  return (
    <span
      className={classes.join(' ')}
      style={preset ? style : { background: color, ...style }}
      title={title}
      {...rest}
    >
      {icon}
      {icon && children !== undefined ? <span className="oj-tag-text">{children}</span> : children}
      {closable && (
        <button type="button" className="oj-tag-close" aria-label={closeLabel} onClick={onClose}>
          ✕
        </button>
      )}
    </span>
  );
}

/**
 * A tag that toggles (antd's Tag.CheckableTag): a filter option. Unlike antd's span it is reachable
 * by keyboard and says whether it is on (`aria-pressed`).
 */
export function CheckableTag({
  checked,
  onChange,
  className,
  style,
  children,
  ...rest
}: {
  checked: boolean;
  onChange?: (checked: boolean) => void;
  className?: string;
  style?: CSSProperties;
  children?: ReactNode;
  [data: `data-${string}`]: string | number | undefined;
}) {
  const toggle = () => onChange?.(!checked);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    e.preventDefault();
    toggle();
  };
  return (
    <span
      role="button"
      tabIndex={0}
      aria-pressed={checked}
      className={`oj-tag oj-tag-checkable${checked ? ' oj-tag-checkable-checked' : ''}${className ? ` ${className}` : ''}`}
      style={style}
      onClick={toggle}
      onKeyDown={onKeyDown}
      {...rest}
    >
      {children}
    </span>
  );
}
