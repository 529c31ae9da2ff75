import type { CSSProperties, ReactNode } from 'react';

type Columns = number | { xs?: number; sm?: number; md?: number };

/**
 * Labelled facts in a grid, in antd Descriptions' look (plain, or `bordered` as a table), with its
 * responsive column counts (xs below 576 px, sm from 576, md from 768). antd's measures the items
 * and lays rows out in script, and pulls in its grid hooks (~3 KB brotli) for a few labels.
 */
export default function Descriptions({
  column = 3,
  bordered = false,
  size = 'default',
  style,
  children,
}: {
  column?: Columns;
  bordered?: boolean;
  size?: 'small' | 'default';
  style?: CSSProperties;
  children: ReactNode;
}) {
  const c = typeof column === 'number' ? { xs: column, sm: column, md: column } : column;
  const xs = c.xs ?? 1;
  const sm = c.sm ?? xs;
  const md = c.md ?? sm;
  const vars = { '--oj-desc-xs': xs, '--oj-desc-sm': sm, '--oj-desc-md': md } as CSSProperties;
  const classes = ['oj-desc', bordered ? 'oj-desc-bordered' : '', size === 'small' ? 'oj-desc-small' : ''];
  return (
    <dl className={classes.filter(Boolean).join(' ')} style={{ ...vars, ...style }}>
      {children}
    </dl>
  );
}

Descriptions.Item = function DescriptionsItem({
  label,
  children,
}: {
  label: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="oj-desc-item">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
};
