import type { CSSProperties, ReactNode } from 'react';
import './avatar-statistic.css';

/**
 * A titled figure in antd Statistic's look. Numbers are grouped by thousands as antd does, unless
 * `groupSeparator` is '' (a rating reads 1500, not 1,500).
 */
export default function Statistic({
  title,
  value,
  groupSeparator = ',',
  style,
  valueStyle,
  ...rest
}: {
  title: ReactNode;
  value: ReactNode;
  groupSeparator?: string;
  style?: CSSProperties;
  /** The figure's colour, say. */
  valueStyle?: CSSProperties;
  'data-testid'?: string;
}) {
  const shown =
    typeof value === 'number' && Number.isInteger(value)
      ? String(value).replace(/\B(?=(\d{3})+(?!\d))/g, groupSeparator)
      : value;
  return (
    <div className="oj-statistic" style={style} data-testid={rest['data-testid']}>
      <div className="oj-statistic-title">{title}</div>
      <div className="oj-statistic-value" style={valueStyle}>
        {shown}
      </div>
    </div>
  );
}
