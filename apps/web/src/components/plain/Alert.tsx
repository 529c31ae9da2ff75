import type { ReactNode } from 'react';
import {
  CheckCircleFilled,
  CloseCircleFilled,
  ExclamationCircleFilled,
  InfoCircleFilled,
} from '@ant-design/icons';

const ICONS = {
  info: <InfoCircleFilled />,
  success: <CheckCircleFilled />,
  warning: <ExclamationCircleFilled />,
  error: <CloseCircleFilled />,
};

/** A message box in antd Alert's look (alert.css): its four kinds, an icon, an optional description. */
export default function Alert({
  type = 'info',
  message,
  description,
  className,
  'data-testid': testId,
}: {
  type?: keyof typeof ICONS;
  message: ReactNode;
  description?: ReactNode;
  className?: string;
  'data-testid'?: string;
}) {
  const classes = [
    'oj-alert',
    `oj-alert-${type}`,
    description ? 'oj-alert-with-description' : '',
    className ?? '',
  ];
  return (
    <div className={classes.filter(Boolean).join(' ')} role="alert" data-testid={testId}>
      <span className="oj-alert-icon">{ICONS[type]}</span>
      <div className="oj-alert-content oj-links">
        <div className="oj-alert-message">{message}</div>
        {description && <div className="oj-alert-description">{description}</div>}
      </div>
    </div>
  );
}
