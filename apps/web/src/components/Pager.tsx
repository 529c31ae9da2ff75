import Button from './plain/Button';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { pageWindow } from '../lib/pageWindow';

/**
 * A light pager for the bank and the search results (antd's Pagination pulls in Select, ~30 KB
 * gzip, which the /problems first load cannot afford): total, previous, a window of page numbers, next.
 */
export default function Pager({
  current,
  pageSize,
  total,
  onChange,
  unit = '题',
  'data-testid': testId = 'bank-pager',
}: {
  current: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
  /** What the total counts ('题' in the bank, '条' for search results). */
  unit?: string;
  'data-testid'?: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav className="oj-pager" aria-label="分页" data-testid={testId}>
      <span className="oj-pager-total">共 {total} {unit}</span>
      <Button
        size="small"
        type="text"
        icon={<LeftOutlined />}
        disabled={current <= 1}
        onClick={() => onChange(current - 1)}
        aria-label="上一页"
      />
      {pageWindow(current, pages).map((p, i) =>
        p === null ? (
          <span key={`gap-${i}`} className="oj-pager-gap">
            …
          </span>
        ) : (
          <Button
            key={p}
            size="small"
            type={p === current ? 'primary' : 'text'}
            onClick={() => onChange(p)}
            aria-current={p === current ? 'page' : undefined}
          >
            {p}
          </Button>
        ),
      )}
      <Button
        size="small"
        type="text"
        icon={<RightOutlined />}
        disabled={current >= pages}
        onClick={() => onChange(current + 1)}
        aria-label="下一页"
      />
    </nav>
  );
}
