import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { LoadingOutlined } from '@ant-design/icons';

type Kind = 'primary' | 'default' | 'dashed' | 'link' | 'text';

export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLElement>, 'type'> {
  type?: Kind;
  htmlType?: 'button' | 'submit' | 'reset';
  size?: 'small' | 'middle' | 'large';
  icon?: ReactNode;
  loading?: boolean;
  danger?: boolean;
  block?: boolean;
  /** Transparent, in white: for a coloured backdrop (the home page's banner). */
  ghost?: boolean;
  /** A link that looks like a button (antd renders `<a>` then too). */
  href?: string;
  target?: string;
  rel?: string;
  ref?: Ref<HTMLElement>;
  'data-testid'?: string;
}

/**
 * A button in antd Button's look (.oj-btn in button.css): the part of antd's props the user site
 * uses. antd's Button (its wave effect, compact-group styles and colour helpers, ~10 KB brotli) was
 * in every route's first load through the layout and the list pages. antd's own parts (Modal,
 * Popconfirm, Upload, Space.Compact groups) keep antd's Button; this one passes the ref and the event
 * handlers they add to its element, so it can sit inside antd's Tooltip, Dropdown or Popconfirm.
 */
export default function Button({
  type = 'default',
  htmlType = 'button',
  size = 'middle',
  icon,
  loading = false,
  danger = false,
  block = false,
  ghost = false,
  href,
  children,
  className,
  disabled,
  onClick,
  ref,
  ...rest
}: ButtonProps) {
  const classes = ['oj-btn', `oj-btn-${type}`];
  if (size !== 'middle') classes.push(`oj-btn-${size}`);
  if (danger) classes.push('oj-btn-danger');
  if (block) classes.push('oj-btn-block');
  if (ghost) classes.push('oj-btn-ghost');
  if (loading) classes.push('oj-btn-loading');
  if ((icon || loading) && (children === undefined || children === null)) classes.push('oj-btn-icon-only');
  if (className) classes.push(className);
  const content = (
    <>
      {loading ? <LoadingOutlined /> : icon}
      {children !== undefined && children !== null && <span>{children}</span>}
    </>
  );
  // As antd: a loading button ignores clicks, a disabled one is disabled.
  const click = loading ? undefined : onClick;
  if (href !== undefined) {
    return (
      <a
        {...rest}
        ref={ref as Ref<HTMLAnchorElement>}
        href={disabled ? undefined : href}
        aria-disabled={disabled || undefined}
        className={classes.join(' ')}
        onClick={disabled ? undefined : click}
      >
        {content}
      </a>
    );
  }
  return (
    <button
      {...rest}
      ref={ref as Ref<HTMLButtonElement>}
      type={htmlType}
      disabled={disabled}
      className={classes.join(' ')}
      onClick={click}
    >
      {content}
    </button>
  );
}
