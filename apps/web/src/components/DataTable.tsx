import { Fragment, useState, type CSSProperties, type Key, type ReactNode } from 'react';
import Pager from './Pager';

/** A column, in the part of antd's column shape the user site's lists use (so pinColumns serves both). */
export interface DataColumn<T> {
  title: ReactNode;
  /** The id of the column (else its dataIndex). */
  key?: string;
  /** The field shown, and handed to `render` as its first argument. */
  dataIndex?: keyof T & string;
  width?: number;
  align?: 'left' | 'center' | 'right';
  /** Stays in view while the rest scrolls sideways (pinColumns sets it on a phone). */
  fixed?: 'left';
  render?: (value: never, row: T, index: number) => ReactNode;
  /** One line, cut with … (the whole text as the cell's title when it is text). */
  ellipsis?: boolean;
  /** Rows paged here can be sorted by this column: a click on its title goes up, down, then off. */
  sorter?: (a: T, b: T) => number;
}

export interface DataPagination {
  current?: number;
  pageSize: number;
  /** Given: the server pages (`rows` is one page). Left out: the rows are paged here. */
  total?: number;
  onChange?: (page: number) => void;
  /** What the total counts (共 N 条). */
  unit?: string;
  hideOnSinglePage?: boolean;
}

interface Props<T> {
  rows: readonly T[];
  rowKey: (keyof T & string) | ((row: T) => Key);
  columns: DataColumn<T>[];
  loading?: boolean;
  /** Shown in the body when there is no row. */
  empty?: ReactNode;
  /** Wider than the screen: the table scrolls inside itself from this width down. */
  minWidth?: number;
  pagination?: DataPagination;
  rowClassName?: (row: T) => string;
  /** A line above the table (counts, legends). */
  caption?: ReactNode;
  size?: 'small' | 'middle';
  /** Rows that open to more below them (a 展开 button in a first column, as antd's expandable rows). */
  expandable?: { rowExpandable?: (row: T) => boolean; render: (row: T) => ReactNode };
  'data-testid'?: string;
}

type SortOrder = 'ascending' | 'descending';

const idOf = <T,>(c: DataColumn<T>, i: number) => c.key ?? c.dataIndex ?? String(i);

/**
 * A list as a plain <table>: what the user site's record and contest lists show with antd's Table,
 * without its ~45 KB brotli of sorting, filter dropdowns (antd Tree), selection and virtual scroll,
 * nor the Pagination, Spin, Dropdown and Menu chunks it brings into a route's first load (issue 28).
 * Pinned columns use `position: sticky`; pages are the light Pager of the bank.
 */
export default function DataTable<T>({
  rows,
  rowKey,
  columns,
  loading = false,
  empty = '暂无数据',
  minWidth,
  pagination,
  rowClassName,
  caption,
  size = 'middle',
  expandable,
  ...rest
}: Props<T>) {
  const [open, setOpen] = useState<ReadonlySet<Key>>(new Set());
  const toggle = (key: Key) =>
    setOpen((was) => {
      const next = new Set(was);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const [localPage, setLocalPage] = useState(1);
  const [sort, setSort] = useState<{ column: string; order: SortOrder } | null>(null);
  const serverPaged = pagination?.total !== undefined;
  const current = pagination?.current ?? localPage;
  const total = pagination ? (pagination.total ?? rows.length) : rows.length;
  const sorter = sort && columns.find((c, i) => idOf(c, i) === sort.column)?.sorter;
  const ordered = sorter
    ? [...rows].sort((a, b) => (sort.order === 'ascending' ? sorter(a, b) : sorter(b, a)))
    : rows;
  const shown =
    pagination && !serverPaged
      ? ordered.slice((current - 1) * pagination.pageSize, current * pagination.pageSize)
      : ordered;
  // antd's order of clicks: ascending, descending, unsorted; a new sort starts again at page 1.
  const sortBy = (column: string) => {
    const order = sort?.column !== column ? 'ascending' : sort.order === 'ascending' ? 'descending' : null;
    setSort(order ? { column, order } : null);
    if (pagination?.current === undefined) setLocalPage(1);
  };
  const keyOf = (row: T): Key => (typeof rowKey === 'function' ? rowKey(row) : (row[rowKey] as Key));

  // Sticky offsets: each pinned column starts where the pinned ones before it end.
  const lefts: (number | undefined)[] = [];
  let left = expandable ? 48 : 0; // the expand column's width (data-table.css)
  for (const c of columns) {
    lefts.push(c.fixed === 'left' ? left : undefined);
    if (c.fixed === 'left') left += c.width ?? 0;
  }
  const cellStyle = (c: DataColumn<T>, i: number): CSSProperties | undefined => {
    const style: CSSProperties = {};
    if (c.width) style.width = c.width;
    if (c.align) style.textAlign = c.align;
    if (lefts[i] !== undefined) style.left = lefts[i];
    return Object.keys(style).length ? style : undefined;
  };
  const pinnedClass = (i: number) => (lefts[i] !== undefined ? ' oj-table-pinned' : '');

  const showPager = pagination && !(pagination.hideOnSinglePage && total <= pagination.pageSize);
  return (
    <div
      className={`oj-table oj-links oj-table-${size}${loading ? ' oj-table-loading' : ''}`}
      data-testid={rest['data-testid']}
    >
      {caption && <div className="oj-table-caption">{caption}</div>}
      <div className="oj-table-scroll">
        <table style={minWidth ? { minWidth } : undefined} aria-busy={loading}>
          <thead>
            <tr>
              {expandable && <th className="oj-table-expand-cell" aria-label="展开" />}
              {columns.map((c, i) => (
                <th
                  key={idOf(c, i)}
                  scope="col"
                  style={cellStyle(c, i)}
                  className={pinnedClass(i)}
                  aria-sort={sort?.column === idOf(c, i) ? sort.order : undefined}
                >
                  {c.sorter ? (
                    <button type="button" className="oj-table-sorter" onClick={() => sortBy(idOf(c, i))}>
                      {c.title}
                      <span className="oj-table-sort-arrows" aria-hidden>
                        <i className="oj-table-sort-up" />
                        <i className="oj-table-sort-down" />
                      </span>
                    </button>
                  ) : (
                    c.title
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((row, r) => {
              const key = keyOf(row);
              const opens = expandable && (expandable.rowExpandable?.(row) ?? true);
              const isOpen = opens && open.has(key);
              return (
                <Fragment key={key}>
                  <tr className={`oj-table-row ${rowClassName?.(row) ?? ''}`}>
                    {expandable && (
                      <td className="oj-table-expand-cell">
                        {opens && (
                          <button
                            type="button"
                            className={`oj-table-expand${isOpen ? ' oj-table-expand-open' : ''}`}
                            aria-expanded={isOpen}
                            aria-label={isOpen ? '收起' : '展开'}
                            onClick={() => toggle(key)}
                          />
                        )}
                      </td>
                    )}
                    {columns.map((c, i) => {
                      const value = c.dataIndex === undefined ? undefined : row[c.dataIndex];
                      return (
                        <td
                          key={idOf(c, i)}
                          style={cellStyle(c, i)}
                          className={pinnedClass(i) + (c.ellipsis ? ' oj-table-ellipsis' : '')}
                          title={c.ellipsis && typeof value === 'string' ? value : undefined}
                        >
                          {c.render ? c.render(value as never, row, r) : (value as ReactNode)}
                        </td>
                      );
                    })}
                  </tr>
                  {isOpen && (
                    <tr className="oj-table-expanded-row">
                      <td colSpan={columns.length + 1}>{expandable.render(row)}</td>
                    </tr>
                  )}
                </Fragment>
              );
            })}
            {shown.length === 0 && (
              <tr>
                <td colSpan={columns.length + (expandable ? 1 : 0)} className="oj-table-empty">
                  {loading ? '加载中…' : empty}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {showPager && (
        <Pager
          current={current}
          pageSize={pagination.pageSize}
          total={total}
          unit={pagination.unit ?? '条'}
          onChange={(p) => {
            if (pagination.current === undefined) setLocalPage(p);
            pagination.onChange?.(p);
          }}
          data-testid="table-pager"
        />
      )}
    </div>
  );
}
