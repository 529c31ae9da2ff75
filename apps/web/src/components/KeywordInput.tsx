import { CloseCircleFilled, SearchOutlined } from '@ant-design/icons';

interface Props {
  value: string;
  onChange(value: string): void;
  /** Enter or the search icon. */
  onSearch(value: string): void;
  placeholder: string;
  width?: number;
  className?: string;
  'data-testid'?: string;
}

/**
 * A keyword box that looks like antd's search input but is a plain <input>: antd's Input brings
 * about 40 KB gzip (textarea, resize observer, count helpers), too much for the top bar and the
 * bank, which are on every first load.
 */
export default function KeywordInput({
  value,
  onChange,
  onSearch,
  placeholder,
  width,
  className,
  ...rest
}: Props) {
  return (
    <span
      className={`oj-keyword ${className ?? ''}`}
      style={width ? { width } : undefined}
      data-testid={rest['data-testid']}
    >
      <input
        type="search"
        value={value}
        placeholder={placeholder}
        aria-label={placeholder}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') onSearch(value);
        }}
      />
      {value && (
        <CloseCircleFilled
          className="oj-keyword-clear"
          aria-label="清除"
          onClick={() => {
            onChange('');
            onSearch('');
          }}
        />
      )}
      <SearchOutlined className="oj-keyword-icon" aria-label="搜索" onClick={() => onSearch(value)} />
    </span>
  );
}
