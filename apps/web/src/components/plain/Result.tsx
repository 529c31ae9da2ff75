import type { CSSProperties, ReactNode } from 'react';
import {
  CheckCircleFilled,
  CloseCircleFilled,
  ExclamationCircleFilled,
  InfoCircleFilled,
  LockOutlined,
  QuestionCircleOutlined,
  WarningOutlined,
} from '@ant-design/icons';

type Status = 'success' | 'error' | 'info' | 'warning' | '404' | '403' | '500';

/**
 * What the page has to say instead of its content (antd Result's layout: icon, title, subtitle,
 * actions). antd draws 404/403/500 as illustrations, ~9 KB brotli on every page that can say
 * "not found"; here each status is an icon in its colour.
 */
const ICONS: Record<Status, ReactNode> = {
  success: <CheckCircleFilled />,
  error: <CloseCircleFilled />,
  info: <InfoCircleFilled />,
  warning: <ExclamationCircleFilled />,
  '404': <QuestionCircleOutlined />,
  '403': <LockOutlined />,
  '500': <WarningOutlined />,
};

export default function Result({
  status = 'info',
  icon,
  title,
  subTitle,
  extra,
  children,
  className,
  style,
  'data-testid': testId,
}: {
  status?: Status;
  icon?: ReactNode;
  title?: ReactNode;
  subTitle?: ReactNode;
  /** Actions: a button or a list of them. */
  extra?: ReactNode;
  children?: ReactNode;
  className?: string;
  style?: CSSProperties;
  'data-testid'?: string;
}) {
  return (
    <div className={`oj-result oj-result-${status} ${className ?? ''}`} style={style} data-testid={testId}>
      <div className="oj-result-icon" aria-hidden="true">
        {icon ?? ICONS[status]}
      </div>
      {title && <div className="oj-result-title">{title}</div>}
      {subTitle && <div className="oj-result-subtitle">{subTitle}</div>}
      {extra && <div className="oj-result-extra">{extra}</div>}
      {children && <div className="oj-result-content">{children}</div>}
    </div>
  );
}
