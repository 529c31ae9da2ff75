import { CheckCircleFilled, MinusCircleOutlined } from '@ant-design/icons';

/** A viewer's own status of a problem in a list: passed, tried, or nothing yet. */
export default function StatusMark({ status }: { status: 'solved' | 'tried' | 'none' }) {
  if (status === 'solved')
    return <CheckCircleFilled style={{ color: '#52c41a' }} aria-label="已通过" data-status="solved" />;
  if (status === 'tried')
    return <MinusCircleOutlined style={{ color: '#faad14' }} aria-label="尝试过" data-status="tried" />;
  return <span className="oj-plist-none" aria-label="未尝试" data-status="none" />;
}
